import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import styles from '../components/moderation/Admin.module.css';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { CounterNoticeForm } from '../components/moderation/CounterNoticeForm';
import { StatementView } from '../components/moderation/StatementView';
import { loadStatement } from '../components/moderation/statement-loader.server';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/counter-notice';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.counter.title');

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStatement(context.get(serverContext).api, request, params.id);
}

/** The creator's DMCA counter-notice for a post taken down on a copyright complaint. */
export default function CounterNotice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { statement } = loaderData;
  return (
    <div className={styles.console}>
      <header className={styles.field}>
        <h1 className={styles.title}>{t('moderation.counter.title')}</h1>
        <p className={styles.lead}>{t('moderation.counter.lead')}</p>
      </header>
      <StatementView statement={statement} />
      {statement.counterNoticeAllowed && <CounterNoticeForm statementId={statement.id} />}
    </div>
  );
}
