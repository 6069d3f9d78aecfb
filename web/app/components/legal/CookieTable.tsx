import { useTranslation } from '../../i18n/react';
import { cookieCategories } from '../../lib/cookies';
import type { ContentLabels, CookieRow, PlaceholderValues } from '../../lib/legal-documents';
import styles from './CookieTable.module.css';
import { RichText } from './RichText';

interface CookieTableProps {
  readonly rows: readonly CookieRow[];
  /** What each cookie is for, by name, in the policy's language. */
  readonly labels: Readonly<Record<string, string>>;
  readonly headings: ContentLabels['cookieTable'];
  readonly values: Partial<PlaceholderValues>;
}

/** The cookies Velvet sets, one table per consent category; on narrow screens each row becomes a card. */
export function CookieTable({ rows, labels, headings, values }: CookieTableProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.tables}>
      {cookieCategories.map((category) => {
        const inCategory = rows.filter((row) => row.category === category);
        const name = t(`consent.categories.${category}.name`);
        return (
          <table key={category} className={styles.table} data-testid={`cookies-${category}`}>
            <caption className={styles.caption}>{`${headings.caption}: ${name}`}</caption>
            <thead>
              <tr>
                <th scope="col">{headings.name}</th>
                <th scope="col">{headings.lifetime}</th>
                <th scope="col">{headings.purpose}</th>
              </tr>
            </thead>
            <tbody>
              {inCategory.length === 0 ? (
                <tr>
                  <td colSpan={3} className={styles.none}>
                    {headings.none}
                  </td>
                </tr>
              ) : (
                inCategory.map((row) => (
                  <tr key={row.name} data-cookie={row.name}>
                    <th scope="row" data-label={headings.name}>
                      <code>{row.name}</code>
                    </th>
                    <td data-label={headings.lifetime}>{row.lifetime}</td>
                    <td data-label={headings.purpose}>
                      <RichText text={labels[row.name] ?? ''} values={values} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
