import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import styles from '../components/moderation/Admin.module.css';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { StatementList } from '../components/statements/StatementList';
import { loadStatements } from '../components/statements/statements-loader.server';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/statements';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'statements.list.title');

export function loader({ context }: Route.LoaderArgs) {
  return loadStatements(context.get(serverContext).api);
}

/** The user's own statements of reasons (account menu), each leading to /statements/:id. */
export default function Statements({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.console}>
      <header className={styles.field}>
        <h1 className={styles.title}>{t('statements.list.title')}</h1>
        <p className={styles.lead}>{t('statements.list.lead')}</p>
      </header>
      <StatementList first={loaderData.statements} />
    </div>
  );
}
