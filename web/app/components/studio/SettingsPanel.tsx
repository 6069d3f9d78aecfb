import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import { useAccount } from '../account/AccountSession';
import styles from './Studio.module.css';
import { type StudioPost, updateSettings } from './studio-api';
import { studioErrorKey } from './studio-errors';

const STATUS_MS = 3000;

type Setting = 'allowEmbedding' | 'allowDownloads';

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: MessageKey;
  hint: MessageKey;
  checked: boolean;
  disabled: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <label className={styles.switchText} htmlFor={id}>
        <strong>{t(label)}</strong>
        <span id={`${id}-hint`}>{t(hint)}</span>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
    </div>
  );
}

/**
 * Per-post settings, each saved as it is switched: embedding on other sites, downloads of the video, and
 * comments, which stay off (and say why) while the product has none (studio/README.md).
 */
export function SettingsPanel({ post }: { post: StudioPost }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const [settings, setSettings] = useState(post.settings);
  const [busy, setBusy] = useState(false);

  const change = async (setting: Setting, value: boolean) => {
    const before = settings;
    setSettings({ ...settings, [setting]: value });
    setBusy(true);
    try {
      setSettings((await updateSettings(post.id, { [setting]: value })).settings);
      showStatus(t('studio.settings.saved'), 'success', STATUS_MS);
    } catch (error) {
      setSettings(before);
      showStatus(t(studioErrorKey(error)), 'error', STATUS_MS * 2);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="settings-heading">
      <h3 id="settings-heading" className={styles.panelTitle}>
        {t('studio.settings.heading')}
      </h3>
      <Switch
        label="studio.settings.allowEmbedding"
        hint="studio.settings.allowEmbeddingHint"
        checked={settings.allowEmbedding}
        disabled={busy}
        onChange={(value) => void change('allowEmbedding', value)}
      />
      <Switch
        label="studio.settings.allowDownloads"
        hint="studio.settings.allowDownloadsHint"
        checked={settings.allowDownloads}
        disabled={busy}
        onChange={(value) => void change('allowDownloads', value)}
      />
      <Switch label="studio.settings.comments" hint="studio.settings.commentsHint" checked={false} disabled />
    </section>
  );
}
