import { useSyncExternalStore } from 'react';
import type { LiveNotification, NotificationType, NotificationView } from './notification-types';
import { mergeNotification } from './notifications-model';
import { TOAST_MAX } from './toast-queue';

export interface NotificationsState {
  /** Unread notifications per type, from the socket's `connect` and every live notification. */
  readonly unread: Readonly<Partial<Record<NotificationType, number>>>;
  /** Notifications that arrived live since the page loaded, newest first. */
  readonly live: readonly NotificationView[];
  /** Toasts on screen, newest first. */
  readonly toasts: readonly NotificationView[];
  /** Types marked read in this page's life, with when: the list pages drop their unread marks. */
  readonly readAt: Readonly<Partial<Record<NotificationType, number>>>;
}

const EMPTY: NotificationsState = { unread: {}, live: [], toasts: [], readAt: {} };
const LIVE_KEPT = 100;

let state = EMPTY;
const listeners = new Set<() => void>();

function update(next: NotificationsState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The page's notification state: one store shared by the bell, the toasts and the notifications page.
 * It is only written in the browser (socket events, clicks), so server rendering sees it empty.
 */
export const notificationsStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  setUnread(unread: Readonly<Record<string, number>>) {
    update({ ...state, unread: { ...unread } });
  },
  received(notification: LiveNotification) {
    const { unread, ...view } = notification;
    const counts = unread ?? { ...state.unread, [view.type]: (state.unread[view.type] ?? 0) + 1 };
    update({ ...state, unread: counts, live: mergeNotification(state.live, view).slice(0, LIVE_KEPT) });
  },
  /** Seen on the notification centre: the bell stops counting them; the rows keep their "new" mark. */
  typeSeen(type: NotificationType) {
    update({ ...state, unread: { ...state.unread, [type]: 0 } });
  },
  typeRead(type: NotificationType) {
    update({
      ...state,
      unread: { ...state.unread, [type]: 0 },
      live: state.live.map((item) => (item.type === type ? { ...item, isNew: false } : item)),
      readAt: { ...state.readAt, [type]: Date.now() },
    });
  },
  showToasts(items: readonly NotificationView[]) {
    update({ ...state, toasts: [...[...items].reverse(), ...state.toasts].slice(0, TOAST_MAX) });
  },
  dismissToast(id: number) {
    update({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
  },
  /** On logout or a change of account: nothing of the previous user stays on screen. */
  reset() {
    update(EMPTY);
  },
};

export function useNotificationsState(): NotificationsState {
  return useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get, () => EMPTY);
}

export function unreadTotal(unread: NotificationsState['unread']): number {
  return Object.values(unread).reduce((sum, count) => sum + (count ?? 0), 0);
}
