import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';

/** Runs a settings change, then refreshes the page data (and the top bar's viewer) and says how it went. */
export function useSave() {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const save = useCallback(
    async (change: () => Promise<unknown>, success = t('account.status.saved')): Promise<boolean> => {
      setBusy(true);
      try {
        await change();
        await revalidator.revalidate();
        showStatus(success, 'success', 3000);
        return true;
      } catch (error) {
        showStatus(errorMessage(t, error), 'error', 8000);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [revalidator, showStatus, t],
  );
  return { busy, save };
}
