import { useState } from 'react';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../../components/moderation/AdminPanel';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { caseCategories, type SettingsAnswer } from '../../components/moderation/admin-types';
import { parseSettingsForm, type SettingProblem } from '../../components/moderation/settings-form';
import { useAdminAction } from '../../components/moderation/useAdminAction';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/settings';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'console.settings.title');

/** Admins only: the API refuses a moderator, and the console's error boundary shows the refusal. */
export async function loader({ context }: Route.LoaderArgs) {
  return adminData<SettingsAnswer>(context.get(serverContext).api, '/api/admin/settings');
}

const wholeFields = [
  { name: 'defaultDeadlineBusinessDays', label: 'console.settings.defaultDeadline' },
  { name: 'nonConsensualDeadlineHours', label: 'console.settings.nonConsensualDeadline' },
  { name: 'reportsPerHour', label: 'console.settings.reportsPerHour' },
] as const;

/** The moderation settings: deadlines (default, non-consensual, per category) and the report rate limit. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [problems, setProblems] = useState<readonly SettingProblem[]>([]);
  const { settings } = loaderData;
  const problemOf = (field: string) => problems.find((problem) => problem.field === field);
  const labelOf = (field: string) => {
    const whole = wholeFields.find((candidate) => candidate.name === field);
    return whole ? t(whole.label) : t(`moderation.category.${field as (typeof caseCategories)[number]}`);
  };
  const message = (field: string) => {
    const problem = problemOf(field);
    if (!problem) return null;
    return (
      <p id={`${field}-problem`} className={styles.status} data-kind="failed">
        {t('console.settings.range', { field: labelOf(field), min: problem.min, max: problem.max })}
      </p>
    );
  };
  const described = (field: string) => (problemOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${field}-problem` } : {});
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('console.settings.title')}</h1>
        <p className={styles.lead}>{t('console.settings.lead')}</p>
      </div>
      <AdminPanel id="settings-form" title={t('console.settings.title')}>
        <form
          className={styles.complaint}
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const parsed = parseSettingsForm((name) => String(data.get(name) ?? ''));
            setProblems(parsed.ok ? [] : parsed.problems);
            if (parsed.ok) await run('/api/admin/settings', parsed.settings, 'PUT');
          }}
        >
          {wholeFields.map((field) => (
            <div key={field.name} className={styles.field}>
              <label htmlFor={`setting-${field.name}`}>{t(field.label)}</label>
              <input
                id={`setting-${field.name}`}
                name={field.name}
                type="number"
                inputMode="numeric"
                required
                defaultValue={settings[field.name]}
                className={styles.input}
                {...described(field.name)}
              />
              {message(field.name)}
            </div>
          ))}
          <fieldset className={styles.group}>
            <legend>{t('console.settings.categoryDeadlines')}</legend>
            {caseCategories.map((category) => (
              <div key={category} className={styles.field}>
                <label htmlFor={`setting-category-${category}`}>{t(`moderation.category.${category}`)}</label>
                <input
                  id={`setting-category-${category}`}
                  name={`category.${category}`}
                  type="number"
                  inputMode="numeric"
                  defaultValue={settings.categoryDeadlineBusinessDays[category] ?? ''}
                  className={styles.input}
                  {...described(category)}
                />
                {message(category)}
              </div>
            ))}
          </fieldset>
          <div className={styles.toolbar}>
            <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
              {t('console.settings.save')}
            </button>
          </div>
          <ActionStatusLine status={status} />
        </form>
      </AdminPanel>
    </>
  );
}
