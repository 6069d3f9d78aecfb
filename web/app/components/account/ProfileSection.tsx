import { type FormEvent, useId, useState } from 'react';
import { bioToText } from '../../../../server/src/accounts/bio-tags.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { Viewer } from '../../lib/viewer';
import { AvatarEditor } from './AvatarEditor';
import { BioText } from './BioText';
import styles from './forms.module.css';
import { SettingsSection } from './SettingsSection';
import { SocialLinksEditor } from './SocialLinksEditor';
import { TextField } from './TextField';
import { useSave } from './useSave';

const BIO_MAX = 4000;

/** Avatar, display name, bio (with #tags) and social links: PUT /api/user/me. */
export function ProfileSection({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const { busy, save } = useSave();
  const bioId = useId();
  const [displayName, setDisplayName] = useState(viewer.displayName);
  const [bio, setBio] = useState(bioToText(viewer.bio));
  const [links, setLinks] = useState<Record<string, string>>(
    Object.fromEntries(viewer.socialLinks.map((link) => [link.code, link.handle])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(() => api('/api/user/me', { method: 'PUT', body: { displayName: displayName.trim(), bio, socialLinks: links } }));
  };

  return (
    <SettingsSection id="profile" title={t('account.settings.profile')} lead={t('account.settings.profileLead')}>
      <AvatarEditor viewer={viewer} />
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={t('account.settings.displayName')}
          name="displayName"
          value={displayName}
          onChange={setDisplayName}
          maxLength={64}
          autoComplete="nickname"
          note={t('account.settings.displayNameHint', { username: viewer.username })}
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={bioId}>
            {t('account.settings.bio')}
          </label>
          <textarea
            id={bioId}
            name="bio"
            className={styles.textarea}
            value={bio}
            maxLength={BIO_MAX}
            onChange={(event) => setBio(event.target.value)}
            aria-describedby={`${bioId}-hint`}
          />
          <span id={`${bioId}-hint`} className={styles.hint}>
            {t('account.settings.bioHint', { left: BIO_MAX - bio.length })}
          </span>
          {viewer.bio && (
            <div className={styles.field}>
              <span className={styles.hint}>{t('account.settings.bioPreview')}</span>
              <BioText bio={viewer.bio} />
            </div>
          )}
        </div>
        <SocialLinksEditor links={links} onChange={setLinks} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('account.settings.saveProfile')}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
