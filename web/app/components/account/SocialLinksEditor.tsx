import { useId, useState } from 'react';
import { socialPlatforms } from '../../../../server/src/accounts/social-links.ts';
import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './forms.module.css';
import own from './SocialLinksEditor.module.css';

/** Platform code → handle, edited as a list: pick a platform, type the handle or paste the profile URL. */
export function SocialLinksEditor({
  links,
  onChange,
}: {
  links: Record<string, string>;
  onChange: (links: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const unused = socialPlatforms.filter((platform) => !(platform.code in links));
  const [adding, setAdding] = useState('');
  return (
    <fieldset className={own.fieldset}>
      <legend className={styles.label}>{t('account.settings.socialLinks')}</legend>
      <ul className={own.list}>
        {Object.entries(links).map(([code, handle]) => {
          const platform = socialPlatforms.find((entry) => entry.code === code);
          if (!platform) return null;
          return (
            <li key={code} className={own.row}>
              <label className={own.platform} htmlFor={`${id}-${code}`}>
                {platform.name}
              </label>
              <input
                id={`${id}-${code}`}
                className={styles.input}
                value={handle}
                placeholder={t('account.settings.handle')}
                maxLength={200}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(event) => onChange({ ...links, [code]: event.target.value })}
              />
              <button
                type="button"
                className={own.remove}
                aria-label={t('account.settings.removeLink', { platform: platform.name })}
                onClick={() => onChange(Object.fromEntries(Object.entries(links).filter(([key]) => key !== code)))}
              >
                <CloseIcon strokeWidth={2.2} />
              </button>
            </li>
          );
        })}
      </ul>
      {unused.length > 0 && (
        <div className={own.add}>
          <label className={own.visuallyHidden} htmlFor={`${id}-add`}>
            {t('account.settings.addLink')}
          </label>
          <select
            id={`${id}-add`}
            className={styles.select}
            value={adding}
            onChange={(event) => {
              const code = event.target.value;
              if (code) onChange({ ...links, [code]: '' });
              setAdding('');
            }}
          >
            <option value="">{t('account.settings.addLink')}</option>
            {unused.map((platform) => (
              <option key={platform.code} value={platform.code}>
                {platform.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
