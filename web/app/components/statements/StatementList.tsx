import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import { failureReason } from '../discovery/ContactForm';
import styles from '../moderation/Admin.module.css';
import type { Statement, StatementsAnswer } from '../moderation/admin-types';
import list from './StatementList.module.css';
import { olderStatementsPath } from './statement-pages';

/** The user's statements of reasons, newest first, each opening its page; older ones on request. */
export function StatementList({ first }: { first: readonly Statement[] }) {
  const { t, i18n } = useTranslation();
  const [statements, setStatements] = useState(first);
  const [lastPageLength, setLastPageLength] = useState(first.length);
  const [state, setState] = useState<{ kind: 'idle' | 'loading' } | { kind: 'failed'; reason: string }>({ kind: 'idle' });
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long' });
  const older = olderStatementsPath(statements, lastPageLength);

  if (statements.length === 0) return <p className={styles.hint}>{t('statements.list.empty')}</p>;

  const loadOlder = async () => {
    if (!older) return;
    setState({ kind: 'loading' });
    try {
      const page = await api<StatementsAnswer>(older);
      setStatements((shown) => [...shown, ...page.statements]);
      setLastPageLength(page.statements.length);
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', reason: failureReason(error, t as (key: string) => string) });
    }
  };

  return (
    <>
      <ul className={list.list}>
        {statements.map((statement) => (
          <li key={statement.id}>
            <Link to={`/statements/${statement.id}`} className={list.item} data-testid="statement-link">
              <span className={list.head}>
                <strong>{t(`moderation.statement.kinds.${statement.kind}`)}</strong>
                <time dateTime={statement.createdAt}>{date.format(new Date(statement.createdAt))}</time>
              </span>
              <span className={styles.hint}>
                {statement.postId ? t('statements.list.post', { id: statement.postId }) : t('statements.list.account')}
                {' · '}
                {t(`moderation.category.${statement.category}`)}
              </span>
              {statement.appealPath && statement.appealableUntil && (
                <span className={styles.hint}>
                  {t('statements.list.appealOpen', { date: date.format(new Date(statement.appealableUntil)) })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {older && (
        <div className={styles.toolbar}>
          <button type="button" className={styles.button} onClick={loadOlder} disabled={state.kind === 'loading'}>
            {t('statements.list.older')}
          </button>
        </div>
      )}
      <p role="status" className={styles.status} data-kind={state.kind === 'failed' ? 'failed' : undefined}>
        {state.kind === 'failed' && t('statements.list.failed', { status: state.reason })}
      </p>
    </>
  );
}
