import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import styles from './PostTile.module.css';

/** Spec §8: a failed pin shows 'error_' plus the failure; codes without their own text share one. */
const PIN_ERRORS = ['not_found', 'login_required', 'rate_limited'] as const;
type PinError = (typeof PIN_ERRORS)[number];

interface PinButtonProps {
  readonly postId: number;
  readonly pinned: boolean;
  /** Called at once with the new state (optimistic), and again with the old one if the call fails. */
  readonly onChange: (pinned: boolean) => void;
  readonly onMessage: (text: string, tone: 'success' | 'error') => void;
}

/** Spec §4 pin toggle: a pinned post is unpinned (DELETE), another one pinned (POST); §8 messages. */
export function PinButton({ postId, pinned, onChange, onMessage }: PinButtonProps) {
  const { t } = useTranslation();
  const toggle = async () => {
    const next = !pinned;
    onChange(next);
    try {
      await api(`/api/post/pin/${postId}`, { method: next ? 'POST' : 'DELETE' });
      onMessage(t(next ? 'profile.status-post-pin-success' : 'profile.status-post-unpin-success'), 'success');
    } catch (error) {
      onChange(pinned);
      const code = error instanceof ApiError ? error.code : 'network';
      const known = (PIN_ERRORS as readonly string[]).includes(code) ? (code as PinError) : undefined;
      onMessage(t(known ? `profile.error_${known}` : 'profile.error_generic'), 'error');
    }
  };
  return (
    <button
      type="button"
      className={styles.pinButton}
      aria-pressed={pinned}
      aria-label={t(pinned ? 'profile.unpin' : 'profile.pin')}
      title={t(pinned ? 'profile.unpin' : 'profile.pin')}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M15 3.5 20.5 9l-3.2 1.1-3.6 3.6.4 4.3-1.6 1.6-3.9-3.9L4 20.3l-.3-.3 4.6-4.6-3.9-3.9 1.6-1.6 4.3.4 3.6-3.6z"
          fill={pinned ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
