import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { serverContext } from '#server-context';
import type {
  AgeAssuranceRule,
  AgeAssuranceRules,
} from '../../../../server/src/compliance/age-assurance/age-assurance-schema.ts';
import own from '../../components/age-assurance/AgeAssurance.module.css';
import { AgeRuleForm, REQUIREMENTS } from '../../components/age-assurance/AgeRuleForm';
import { removeAgeRule, saveAgeRule } from '../../components/age-assurance/age-rules-api';
import styles from '../../components/moderation/Admin.module.css';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/age-assurance';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'ageassurance.admin.title');

/** Admins only: the API refuses everyone else, and the console shows its 403 page. */
export async function loader({ context }: Route.LoaderArgs) {
  return adminData<AgeAssuranceRules>(context.get(serverContext).api, '/api/admin/age-assurance');
}

/** The jurisdiction table (compliance/age-assurance): each place's requirement, changed in place, audited. */
export default function AdminAgeAssurance({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const time = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'short' });
  const [failure, setFailure] = useState('');
  const { rules, geolocation, provider } = loaderData;

  const change = async (call: () => Promise<unknown>) => {
    setFailure('');
    try {
      await call();
      await revalidator.revalidate();
    } catch (error) {
      setFailure(t('moderation.action.failed', { code: error instanceof ApiError ? error.code : 'network' }));
    }
  };
  const place = (rule: AgeAssuranceRule) => (rule.jurisdiction === '*' ? t('ageassurance.admin.unknown') : rule.jurisdiction);

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('ageassurance.admin.title')}</h1>
        <p className={styles.lead}>{t('ageassurance.admin.lead')}</p>
        <p className={styles.hint}>
          {t('ageassurance.admin.source', { source: t(`ageassurance.admin.sources.${geolocation}`), provider })}
        </p>
      </div>
      <AgeRuleForm />
      <section className={styles.panel} aria-labelledby="age-rules-title">
        <h2 id="age-rules-title" className={styles.panelTitle}>
          {t('ageassurance.admin.table.title')}
        </h2>
        <p role="status" className={styles.status} data-kind="failed">
          {failure}
        </p>
        <AdminTable
          columns={[
            t('ageassurance.admin.table.jurisdiction'),
            t('ageassurance.admin.table.requirement'),
            t('ageassurance.admin.table.note'),
            { label: t('ageassurance.admin.table.updated'), className: own.nowrap },
            { label: t('ageassurance.admin.table.actions'), className: own.nowrap },
          ]}
          className={own.whole}
        >
          {rules.map((rule) => (
            <tr key={rule.jurisdiction}>
              <th scope="row" className={own.nowrap} dir="auto">
                {place(rule)}
              </th>
              <td>
                <select
                  className={styles.select}
                  value={rule.requirement}
                  aria-label={t('ageassurance.admin.changeLabel', { jurisdiction: place(rule) })}
                  onChange={(event) =>
                    change(() =>
                      saveAgeRule({
                        jurisdiction: rule.jurisdiction,
                        requirement: event.currentTarget.value as AgeAssuranceRule['requirement'],
                        note: rule.note,
                      }),
                    )
                  }
                >
                  {REQUIREMENTS.map((requirement) => (
                    <option key={requirement} value={requirement}>
                      {t(`ageassurance.requirement.${requirement}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td dir="auto" className={own.notes}>
                {rule.note}
              </td>
              <td className={own.nowrap}>{time.format(new Date(rule.updatedAt))}</td>
              <td>
                {rule.jurisdiction !== '*' && (
                  <button
                    type="button"
                    className={styles.button}
                    data-tone="danger"
                    aria-label={t('ageassurance.admin.removeLabel', { jurisdiction: place(rule) })}
                    onClick={() => change(() => removeAgeRule(rule.jurisdiction))}
                  >
                    {t('ageassurance.admin.remove')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </>
  );
}
