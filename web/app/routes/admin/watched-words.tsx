import { useRouteLoaderData } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../../components/moderation/AdminPanel';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { StaffMeAnswer, WatchedWordsAnswer } from '../../components/moderation/admin-types';
import { useAdminAction } from '../../components/moderation/useAdminAction';
import { WatchedWordEditor, watchActions, watchScopes } from '../../components/moderation/WatchedWordEditor';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/watched-words';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.words.title');

export async function loader({ context }: Route.LoaderArgs) {
  return adminData<WatchedWordsAnswer>(context.get(serverContext).api, '/api/admin/watched-words');
}

/** The watched words: moderators read them, admins add, change and remove terms per scope. */
export default function AdminWatchedWords({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const staff = useRouteLoaderData('admin') as StaffMeAnswer | undefined;
  const isAdmin = staff?.roles.includes('admin') ?? false;
  const { run, busy, status } = useAdminAction();
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('moderation.words.title')}</h1>
        <p className={styles.lead}>{t('moderation.words.lead')}</p>
      </div>
      {isAdmin && (
        <AdminPanel id="words-add" title={t('moderation.words.add')}>
          <form
            className={styles.complaint}
            onSubmit={async (event) => {
              event.preventDefault();
              const form = event.currentTarget;
              const data = new FormData(form);
              const body = {
                term: String(data.get('term') ?? '').trim(),
                scopes: data.getAll('scopes').map(String),
                action: String(data.get('action')),
              };
              if (await run('/api/admin/watched-words', body)) form.reset();
            }}
          >
            <div className={styles.field}>
              <label htmlFor="word-term">{t('moderation.words.term')}</label>
              <input id="word-term" name="term" required maxLength={100} className={styles.input} />
            </div>
            <fieldset className={styles.group}>
              <legend>{t('moderation.words.scopes')}</legend>
              <div className={styles.toolbar}>
                {watchScopes.map((scope) => (
                  <label key={scope} className={styles.statement}>
                    <input type="checkbox" name="scopes" value={scope} defaultChecked />
                    <span>{t(`moderation.words.scope.${scope}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className={styles.field}>
              <label htmlFor="word-action">{t('moderation.words.action')}</label>
              <select id="word-action" name="action" className={styles.select}>
                {watchActions.map((action) => (
                  <option key={action} value={action}>
                    {t(`moderation.words.actions.${action}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.toolbar}>
              <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
                {t('moderation.words.add')}
              </button>
            </div>
          </form>
          <ActionStatusLine status={status} />
        </AdminPanel>
      )}
      <AdminPanel id="words-list" title={t('moderation.words.title')}>
        {loaderData.words.length === 0 ? (
          <p className={styles.hint}>{t('moderation.words.empty')}</p>
        ) : (
          <AdminTable
            columns={[
              t('moderation.words.term'),
              t('moderation.words.scopes'),
              t('moderation.words.action'),
              isAdmin && t('moderation.case.actions'),
            ]}
          >
            {loaderData.words.map((word) => (
              <tr key={word.id}>
                <td>{word.term}</td>
                <td>{word.scopes.map((scope) => t(`moderation.words.scope.${scope}`)).join(', ')}</td>
                <td>{t(`moderation.words.actions.${word.action}`)}</td>
                {isAdmin && (
                  <td>
                    <div className={styles.toolbar}>
                      <WatchedWordEditor
                        word={word}
                        busy={busy}
                        onSave={(change) => run(`/api/admin/watched-words/${word.id}`, change, 'PUT')}
                      />
                      <button
                        type="button"
                        className={styles.button}
                        disabled={busy}
                        aria-label={t('moderation.words.removeTerm', { term: word.term })}
                        onClick={() => run(`/api/admin/watched-words/${word.id}`, undefined, 'DELETE')}
                      >
                        {t('moderation.words.remove')}
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminPanel>
    </>
  );
}
