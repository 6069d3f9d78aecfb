import { data } from 'react-router';
import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import styles from '../components/moderation/Admin.module.css';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { FollowUpCase } from '../components/moderation/FollowUpCase';
import { FollowUpReply } from '../components/moderation/FollowUpReply';
import { loadFollowUp } from '../components/moderation/follow-up-loader.server';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/complaint-follow-up';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'statements.followUp.title');

export async function loader({ params, context }: Route.LoaderArgs) {
  const loaded = await loadFollowUp(context.get(serverContext).api, params.token);
  return loaded ?? data(null, { status: 404 });
}

/** Where a reporter's e-mail and confirmation lead, without login: their case, its messages, and an answer. */
export default function ComplaintFollowUp({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.console}>
      <header className={styles.field}>
        <h1 className={styles.title}>{t('statements.followUp.title')}</h1>
        <p className={styles.lead}>{t(loaderData ? 'statements.followUp.lead' : 'statements.followUp.notFound')}</p>
      </header>
      {loaderData && (
        <>
          <FollowUpCase answer={loaderData} />
          <FollowUpReply token={loaderData.token} closed={loaderData.case.closedAt !== null} />
        </>
      )}
    </div>
  );
}
