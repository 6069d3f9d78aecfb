import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { apiHeaders } from '../../lib/session-country';
import type { Viewer } from '../../lib/viewer';
import { Avatar } from './Avatar';
import own from './AvatarEditor.module.css';
import styles from './forms.module.css';
import { useSave } from './useSave';

/** Spec §7 POST /media-api/upload (avatar), sent as multipart so the picture is never base64-inflated. */
async function uploadAvatar(file: File): Promise<void> {
  const body = new FormData();
  body.append('purpose', 'avatar');
  body.append('file', file);
  const response = await fetch('/media-api/upload', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: apiHeaders(document.documentElement.lang || 'en-US'),
    signal: AbortSignal.timeout(40_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { statusCode?: number; error?: string; message?: string };
  if (answer.statusCode !== 1 && answer.statusCode !== 2) {
    throw new ApiError(answer.error ?? 'internal_error', answer.statusCode ?? -99, answer.message ?? response.statusText);
  }
}

export function AvatarEditor({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const { busy, save } = useSave();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={own.editor}>
      <Avatar avatar={viewer.avatar} name={viewer.displayName || viewer.username} size={96} />
      <div className={own.controls}>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className={own.file}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void save(() => uploadAvatar(file), t('account.status.avatarSaved'));
          }}
        />
        <button type="button" className={styles.primary} disabled={busy} onClick={() => input.current?.click()}>
          {t('account.settings.uploadAvatar')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => save(() => api('/api/user/random-avatar', { method: 'POST' }), t('account.status.avatarSaved'))}
        >
          {t('account.settings.randomAvatar')}
        </button>
        <span className={styles.hint}>{t('account.settings.avatarHint')}</span>
      </div>
    </div>
  );
}
