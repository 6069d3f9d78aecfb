import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { useRootData } from '../../lib/root-data';
import { liveSocket } from '../../lib/socket-client';
import { useAccount } from '../account/AccountSession';
import { useEmailLink } from '../account/useEmailLink';
import { CloseIcon } from '../layout/icons';
import styles from './LiveLayer.module.css';
import type { LiveNotification, NotificationType, NotificationView } from './notification-types';
import { mediaToPreload } from './notifications-model';
import { notificationsStore } from './notifications-store';
import { Toasts } from './Toasts';
import { ToastQueue } from './toast-queue';

const SOUND_URL = '/sounds/notification.mp3';
/** Spec §8 status messages last 3–8 s; a refused video is worth the longest. */
const DUPLICATE_NOTICE_MS = 8000;

function preload(items: readonly NotificationView[]) {
  for (const url of mediaToPreload(items)) new Image().src = url;
}

/**
 * The live layer of every page: opens the socket, feeds the notification store from its events, shows
 * toasts (with the user's notification sound when generalNotifSound is on), tells the server when the
 * tab hides, logs a banned user out, reconnects when the visitor logs in or out, and answers e-mailed links.
 */
export function LiveLayer() {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const duplicateNotice = useRef(async () => {});
  const wantsSound = useRef<Promise<boolean> | undefined>(undefined);
  /** The member's notification sound setting (generalNotifSound), asked once per sign-in. */
  const soundWanted = useCallback(() => {
    wantsSound.current ??= api<{ user?: { generalNotifSound?: boolean } }>('/api/user/me').then(
      (answer) => answer.user?.generalNotifSound === true,
      () => false,
    );
    return wantsSound.current;
  }, []);
  // A live event, so a notification message: it sounds like one unless the member turned sounds off.
  duplicateNotice.current = async () =>
    showStatus(t('notifications.duplicateVideo'), 'error', DUPLICATE_NOTICE_MS, {
      notification: true,
      noStatusSound: !(await soundWanted()),
    });
  const signedIn = useRootData()?.signedIn ?? false;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [banned, setBanned] = useState(false);
  useEmailLink();
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    const socket = liveSocket();
    if (!socket) return;
    const playSound = async () => {
      if (await soundWanted()) await new Audio(SOUND_URL).play().catch(() => undefined);
    };
    const toasts = new ToastQueue<NotificationView>(
      (items) => {
        notificationsStore.showToasts(items);
        void playSound();
      },
      () => document.hidden,
    );
    const stops = [
      socket.on('connect', (data) => notificationsStore.setUnread((data as { unread?: Record<string, number> }).unread ?? {})),
      socket.on('notification', (data) => {
        const notification = data as LiveNotification;
        notificationsStore.received(notification);
        preload([notification]);
        toasts.push(notification);
      }),
      socket.on('check-video-failed', () => void duplicateNotice.current()),
      socket.on('notifications-read', (data) => notificationsStore.typeRead((data as { type: NotificationType }).type)),
      socket.on('logout-banned', () => {
        setBanned(true);
        notificationsStore.reset();
        void api('/api/logout', { method: 'POST' })
          .catch(() => undefined)
          .finally(() => revalidate.current());
      }),
    ];
    const visibility = () => socket.send('visChange', { hidden: document.hidden });
    document.addEventListener('visibilitychange', visibility);
    socket.connect();
    if (document.hidden) visibility();
    return () => {
      for (const stop of stops) stop();
      document.removeEventListener('visibilitychange', visibility);
      toasts.clear();
      socket.disconnect();
    };
  }, [soundWanted]);

  useEffect(() => {
    if (wasSignedIn.current === signedIn) return;
    wasSignedIn.current = signedIn;
    wantsSound.current = undefined;
    notificationsStore.reset();
    liveSocket()?.reconnect();
  }, [signedIn]);

  return (
    <>
      <Toasts />
      {banned && (
        <div className={styles.banned} role="alert">
          <span>{t('notifications.banned')}</span>
          <button type="button" className={styles.close} aria-label={t('notifications.dismiss')} onClick={() => setBanned(false)}>
            <CloseIcon />
          </button>
        </div>
      )}
    </>
  );
}
