import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { HashImportAnswer } from '../../../../server/src/compliance/hash-banks/hash-banks-schema.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import styles from '../moderation/Admin.module.css';
import own from './HashBanks.module.css';

const CATEGORIES = ['illegal', 'non_consensual', 'underage', 'copyright', 'spam', 'other'] as const;
/** Lines sent per request: about 650 KB, under the API's 1 MB body limit. */
const LINES_PER_PART = 10_000;

type Summary = Omit<HashImportAnswer, 'statusCode' | 'bank'>;

/** Sends a list in parts and adds up their summaries; line numbers are made relative to the whole list. */
async function importInParts(bank: string, category: string, text: string): Promise<Summary> {
  const lines = text.split(/\r?\n/);
  const total: Summary = { added: 0, duplicates: 0, invalidCount: 0, invalid: [] };
  for (let start = 0; start < lines.length; start += LINES_PER_PART) {
    const list = lines.slice(start, start + LINES_PER_PART).join('\n');
    if (list.trim() === '') continue;
    try {
      const part = await api<HashImportAnswer>('/api/admin/hash-banks/import', {
        method: 'POST',
        body: { bank, category, list },
      });
      total.added += part.added;
      total.duplicates += part.duplicates;
      total.invalidCount += part.invalidCount;
      total.invalid.push(...part.invalid.map((bad) => ({ line: bad.line + start, text: bad.text })));
    } catch (error) {
      // A part of comments or bad lines only: its lines are not counted as invalid one by one.
      if (!(error instanceof ApiError && error.code === 'hash_list_empty')) throw error;
    }
  }
  return total;
}

/** The import form of the hash banks page: a bank name, the category its matches open, a pasted list or a file. */
export function HashListImport({ bankNames }: { readonly bankNames: readonly string[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<Summary>();
  const [failure, setFailure] = useState<string>();

  return (
    <section className={styles.panel} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.panelTitle}>
        {t('hashbanks.import.title')}
      </h2>
      <p className={styles.hint}>{t('hashbanks.import.hint')}</p>
      <form
        className={styles.complaint}
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const file = data.get('file');
          const pasted = String(data.get('list') ?? '');
          const text = file instanceof File && file.size > 0 ? await file.text() : pasted;
          setBusy(true);
          setFailure(undefined);
          setSummary(undefined);
          try {
            setSummary(await importInParts(String(data.get('bank') ?? '').trim(), String(data.get('category')), text));
            form.reset();
            await revalidator.revalidate();
          } catch (error) {
            const code = error instanceof ApiError ? error.code : 'network';
            setFailure(t('moderation.action.failed', { code }));
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className={own.pair}>
          <div className={styles.field}>
            <label htmlFor={`${ids}-bank`}>{t('hashbanks.import.bank')}</label>
            <input
              id={`${ids}-bank`}
              name="bank"
              required
              maxLength={80}
              pattern="[A-Za-z0-9][A-Za-z0-9 ._\-]*"
              list={`${ids}-banks`}
              className={styles.input}
              aria-describedby={`${ids}-bank-hint`}
            />
            <datalist id={`${ids}-banks`}>
              {bankNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <span id={`${ids}-bank-hint`} className={styles.hint}>
              {t('hashbanks.import.bankHint')}
            </span>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-category`}>{t('hashbanks.import.category')}</label>
            <select id={`${ids}-category`} name="category" className={styles.select} defaultValue="illegal">
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`moderation.category.${category}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-list`}>{t('hashbanks.import.list')}</label>
          <textarea
            id={`${ids}-list`}
            name="list"
            rows={6}
            dir="ltr"
            spellCheck={false}
            className={`${styles.input} ${own.hashes}`}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-file`}>{t('hashbanks.import.file')}</label>
          <input id={`${ids}-file`} name="file" type="file" accept=".txt,.csv,text/plain,text/csv" className={own.file} />
        </div>
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
            {t('hashbanks.import.submit')}
          </button>
        </div>
      </form>
      <div role="status" className={own.result}>
        {failure && (
          <p className={styles.status} data-kind="failed">
            {failure}
          </p>
        )}
        {summary && (
          <>
            <p className={styles.status} data-kind="done">
              {t('hashbanks.import.summary', {
                added: summary.added,
                duplicates: summary.duplicates,
                invalid: summary.invalidCount,
              })}
            </p>
            {summary.invalid.length > 0 && (
              <details>
                <summary>{t('hashbanks.import.invalidLines')}</summary>
                <ul className={own.invalid}>
                  {summary.invalid.map((bad) => (
                    <li key={bad.line} dir="ltr">
                      {t('hashbanks.import.line', { line: bad.line, text: bad.text })}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </section>
  );
}
