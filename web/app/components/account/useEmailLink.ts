import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { sendLive } from '../../lib/live-messages';
import { readLinkParameters } from '../../lib/query-handling';
import { liveSocket } from '../../lib/socket-client';
import { STATUS_MESSAGE_MS, useAccount } from './AccountSession';

/** Spec §8 status messages last 3–8 s; a failure is worth the longest. */
const FAILED_MS = 8000;
const EMAIL_UUID = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Spec §2/§7: an e-mailed link may carry `email_id` and `action` on any page. The page sends them back
 * as `emailAction {emailUUID, action}` over the socket, takes them out of the address, and shows the
 * server's answer (`emailAction {action, ok}`) as a status message.
 */
export function useEmailLink(): void {
  const { t } = useTranslation();
  const { showStatus } = useAccount();

  useEffect(() => {
    const url = new URL(window.location.href);
    const { emailId, action } = readLinkParameters(url.searchParams);
    if (!emailId || !action) return;
    url.searchParams.delete('email_id');
    url.searchParams.delete('action');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (action !== 'verify-email' || !EMAIL_UUID.test(emailId)) {
      showStatus(t('account.status.confirmEmailFailed'), 'error', FAILED_MS);
      return;
    }
    const stop = liveSocket()?.on('emailAction', (data) => {
      stop?.();
      if ((data as { ok?: boolean }).ok) showStatus(t('account.status.confirmedEmail'), 'success', STATUS_MESSAGE_MS);
      else showStatus(t('account.status.confirmEmailFailed'), 'error', FAILED_MS);
    });
    sendLive('emailAction', { emailUUID: emailId, action });
    return stop;
  }, [showStatus, t]);
}
