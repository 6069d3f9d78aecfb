import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';

export type ActionStatus = { readonly kind: 'done' | 'failed'; readonly text: string } | undefined;

/**
 * Sends one console action and reloads the page's data after it, so the case, its log and the queues
 * show what the server now holds. The failure names the server's error code, translated when known.
 */
export function useAdminAction() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>();

  const run = async (path: string, body: unknown, method: 'POST' | 'PUT' | 'DELETE' = 'POST'): Promise<boolean> => {
    setBusy(true);
    try {
      await api(path, { method, body });
      setStatus({ kind: 'done', text: t('moderation.action.done') });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'network';
      setStatus({ kind: 'failed', text: t('moderation.action.failed', { code }) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, status };
}
