import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import styles from './Admin.module.css';
import type { WatchedWordsAnswer } from './admin-types';

type WatchedWord = WatchedWordsAnswer['words'][number];

export const watchScopes = ['title', 'tag', 'bio', 'search'] as const;
export const watchActions = ['block', 'review'] as const;

/** Changes an existing term's scopes and action (the term itself stays: remove it and add another). */
export function WatchedWordEditor({
  word,
  busy,
  onSave,
}: {
  word: WatchedWord;
  busy: boolean;
  onSave: (change: { scopes: string[]; action: string }) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const prefix = `word-${word.id}`;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={t('console.words.editTerm', { term: word.term })}
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        {t('console.words.edit')}
      </button>
      <Dialog open={open} size="small" onClose={() => setOpen(false)} title={t('console.words.editTerm', { term: word.term })}>
        <form
          className={styles.complaint}
          onSubmit={async (event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const change = { scopes: data.getAll('scopes').map(String), action: String(data.get('action')) };
            if (await onSave(change)) setOpen(false);
          }}
        >
          <fieldset className={styles.group}>
            <legend>{t('moderation.words.scopes')}</legend>
            <div className={styles.toolbar}>
              {watchScopes.map((scope) => (
                <label key={scope} className={styles.statement}>
                  <input type="checkbox" name="scopes" value={scope} defaultChecked={word.scopes.includes(scope)} />
                  <span>{t(`moderation.words.scope.${scope}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={`${prefix}-action`}>{t('moderation.words.action')}</label>
            <select id={`${prefix}-action`} name="action" defaultValue={word.action} className={styles.select}>
              {watchActions.map((action) => (
                <option key={action} value={action}>
                  {t(`moderation.words.actions.${action}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.toolbar}>
            <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
              {t('console.words.save')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
