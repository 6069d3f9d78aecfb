import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import styles from '../moderation/Admin.module.css';
import { type RuleInput, saveAgeRule } from './age-rules-api';

export const REQUIREMENTS = ['click', 'provider', 'blocked'] as const;

/** Adds a rule, or changes the one a jurisdiction already has. */
export function AgeRuleForm() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string }>();

  return (
    <section className={styles.panel} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.panelTitle}>
        {t('ageassurance.admin.form.title')}
      </h2>
      <form
        className={styles.complaint}
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const rule: RuleInput = {
            jurisdiction: String(data.get('jurisdiction') ?? '')
              .trim()
              .toUpperCase(),
            requirement: String(data.get('requirement')) as RuleInput['requirement'],
            note: String(data.get('note') ?? '').trim(),
          };
          setBusy(true);
          setStatus(undefined);
          try {
            await saveAgeRule(rule);
            form.reset();
            setStatus({ kind: 'done', text: t('ageassurance.admin.saved') });
            await revalidator.revalidate();
          } catch (error) {
            const code = error instanceof ApiError ? error.code : 'network';
            setStatus({ kind: 'failed', text: t('moderation.action.failed', { code }) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${ids}-jurisdiction`}>{t('ageassurance.admin.form.jurisdiction')}</label>
          <input
            id={`${ids}-jurisdiction`}
            name="jurisdiction"
            required
            maxLength={6}
            dir="ltr"
            pattern="\*|[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?"
            className={styles.input}
            aria-describedby={`${ids}-jurisdiction-hint`}
          />
          <span id={`${ids}-jurisdiction-hint`} className={styles.hint}>
            {t('ageassurance.admin.form.jurisdictionHint')}
          </span>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-requirement`}>{t('ageassurance.admin.table.requirement')}</label>
          <select id={`${ids}-requirement`} name="requirement" className={styles.select} defaultValue="provider">
            {REQUIREMENTS.map((requirement) => (
              <option key={requirement} value={requirement}>
                {t(`ageassurance.requirement.${requirement}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-note`}>{t('ageassurance.admin.form.note')}</label>
          <input id={`${ids}-note`} name="note" maxLength={200} className={styles.input} />
        </div>
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
            {t('ageassurance.admin.form.save')}
          </button>
        </div>
      </form>
      <p role="status" className={styles.status} data-kind={status?.kind}>
        {status?.text}
      </p>
    </section>
  );
}
