import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import styles from './Performers.module.css';
import { CONSENT_SCOPES, type ConsentScopeValue, REQUIRED_SCOPES } from './performers-api';

/** The consent scopes as checkboxes, only those asked (downloads only when the post allows them); the first two are required. */
export function ConsentScopes({
  asked,
  value,
  onChange,
}: {
  asked: readonly ConsentScopeValue[];
  value: readonly ConsentScopeValue[];
  onChange: (scopes: ConsentScopeValue[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = CONSENT_SCOPES.filter((scope) => REQUIRED_SCOPES.includes(scope) || asked.includes(scope));
  return (
    <fieldset className={styles.scopes} aria-describedby={`${id}-hint`}>
      <legend>{t('performers.scopes.legend')}</legend>
      {shown.map((scope) => (
        <label key={scope} className={styles.scope}>
          <input
            type="checkbox"
            name="scopes"
            value={scope}
            checked={value.includes(scope)}
            aria-required={REQUIRED_SCOPES.includes(scope) || undefined}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked
                  ? CONSENT_SCOPES.filter((known) => known === scope || value.includes(known))
                  : value.filter((kept) => kept !== scope),
              )
            }
          />
          <span>{t(`performers.scopes.${scope}`)}</span>
        </label>
      ))}
      <p id={`${id}-hint`} className={forms.hint}>
        {t('performers.scopes.required')}
      </p>
    </fieldset>
  );
}
