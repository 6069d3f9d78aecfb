import { serverContext } from '#server-context';
import type { ExportStandingAnswer } from '../../../../server/src/exports/exports-schema.ts';
import { ExportPanel } from '../../components/export/ExportPanel';
import styles from '../../components/export/ExportPanel.module.css';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { studioData } from '../../components/studio/studio-loader.server';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/export';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'export.title');

/** Any account's own export (exports/README.md); the studio layout has sent visitors to log in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return studioData<ExportStandingAnswer>(context.get(serverContext).api, request, '/api/studio/export');
}

/** /studio/export: ask for an archive of your data, follow it being made, download it while it lasts. */
export default function StudioExport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h2 className={styles.title}>{t('export.title')}</h2>
        <p className={styles.lead}>{t('export.lead')}</p>
      </header>
      <ExportPanel initial={loaderData} />
    </div>
  );
}
