import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ReportTarget } from './ReportDialog';

// The form and its proof of work load on first use: most visitors never report anything.
const ReportDialog = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));

/**
 * The report action of a post or an account: the share sheet of the feed, the playlist player, a post's
 * own page and a profile mount it. It opens ReportDialog. `className` styles the button like the actions
 * beside it on each screen.
 */
export function ReportButton({ target, className }: { target: ReportTarget; className: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('discovery.report.action')}
      </button>
      {open && (
        <Suspense>
          <ReportDialog open onClose={() => setOpen(false)} target={target} />
        </Suspense>
      )}
    </>
  );
}
