import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import styles from '../components/moderation/Admin.module.css';
import { AppealForm } from '../components/moderation/AppealForm';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { StatementView } from '../components/moderation/StatementView';
import { loadStatement } from '../components/moderation/statement-loader.server';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/statement';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.statement.title');

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStatement(context.get(serverContext).api, request, params.id);
}

/** Where a statement of reasons (notification and e-mail) leads: the decision, then the appeal form. */
export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.console}>
      <h1 className={styles.title}>{t('moderation.statement.title')}</h1>
      <StatementView statement={loaderData.statement} />
      <AppealForm statement={loaderData.statement} token={loaderData.token} />
    </div>
  );
}
