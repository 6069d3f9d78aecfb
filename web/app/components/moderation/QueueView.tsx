import { useCallback, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import styles from './Admin.module.css';
import { type BulkAction, bulkActions, caseCategories, type QueueAnswer, queueNames } from './admin-types';

export type QueuePage = QueueAnswer & { readonly now: string };

import { ActionStatusLine } from './AdminPanel';
import { CaseRow } from './CaseRow';
import queue from './Queue.module.css';
import { useListKeys } from './useListKeys';

/**
 * The queues: tabs with their depths, a category filter, the cases by deadline (the server sorts them),
 * keyboard moves (useListKeys) and bulk actions on the selected cases.
 */
export function QueueView({ answer }: { answer: QueuePage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const current = params.get('queue') ?? 'open';
  const category = params.get('category') ?? '';
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string } | undefined>();
  const cases = answer.cases;

  const toggle = useCallback(
    (index: number) => {
      const id = cases[index]?.id;
      if (id === undefined) return;
      setSelected((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [cases],
  );
  const open = useCallback(
    (index: number) => {
      const id = cases[index]?.id;
      if (id !== undefined) navigate(`/admin/case/${id}`);
    },
    [cases, navigate],
  );
  useListKeys({ count: cases.length, active, setActive, open, toggle });

  const href = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) value ? next.set(key, value) : next.delete(key);
    return `/admin?${next}`;
  };

  const runBulk = async (action: BulkAction) => {
    const ids = [...selected];
    try {
      await api('/api/admin/cases/bulk', { method: 'POST', body: { caseIds: ids, action } });
      setSelected(new Set());
      setStatus({ kind: 'done', text: t('moderation.bulk.done', { count: ids.length }) });
      revalidator.revalidate();
    } catch {
      setStatus({ kind: 'failed', text: t('moderation.bulk.failed') });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="queue-title">
      <div className={styles.header}>
        <h1 id="queue-title" className={styles.title}>
          {t('moderation.queue.title')}
        </h1>
        <p className={queue.keys} id="queue-keys">
          {t('moderation.queue.keys')} <kbd>j</kbd> <kbd>k</kbd> · <kbd>x</kbd> · <kbd>o</kbd>
        </p>
      </div>
      <nav className={queue.tabs} aria-label={t('moderation.queue.queues')}>
        {queueNames.map((name) => (
          <Link
            key={name}
            to={href({ queue: name, cursor: '' })}
            className={styles.chip}
            aria-current={name === current ? 'true' : undefined}
          >
            {t(`moderation.queue.names.${name}`)}
          </Link>
        ))}
      </nav>
      <form className={queue.filters} method="get" action="/admin">
        <input type="hidden" name="queue" value={current} />
        <label htmlFor="queue-category">{t('moderation.queue.category')}</label>
        <select
          id="queue-category"
          name="category"
          className={styles.select}
          defaultValue={category}
          onChange={(event) => navigate(href({ category: event.currentTarget.value, cursor: '' }))}
        >
          <option value="">{t('moderation.queue.allCategories')}</option>
          {caseCategories.map((value) => (
            <option key={value} value={value}>
              {t(`moderation.category.${value}`)}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className={styles.button}>
            {t('moderation.queue.filter')}
          </button>
        </noscript>
      </form>
      {cases.length === 0 ? (
        <p className={styles.empty}>{t('moderation.queue.empty')}</p>
      ) : (
        <ul className={queue.list} aria-describedby="queue-keys">
          {cases.map((item, index) => (
            <CaseRow
              key={item.id}
              item={item}
              index={index}
              now={answer.now}
              active={index === active}
              selected={selected.has(item.id)}
              onSelect={() => toggle(index)}
              onFocus={() => setActive(index)}
            />
          ))}
        </ul>
      )}
      {answer.nextCursor && (
        <Link to={href({ cursor: answer.nextCursor })} className={styles.button}>
          {t('moderation.queue.more')}
        </Link>
      )}
      {selected.size > 0 && (
        <div className={queue.bulk} role="toolbar" aria-label={t('moderation.bulk.label')}>
          <span>{t('moderation.bulk.selected', { count: selected.size })}</span>
          {bulkActions.map((action) => (
            <button key={action} type="button" className={styles.button} onClick={() => runBulk(action)}>
              {t(`moderation.bulk.${action}`)}
            </button>
          ))}
          <button type="button" className={styles.button} onClick={() => setSelected(new Set())}>
            {t('moderation.bulk.clear')}
          </button>
        </div>
      )}
      <ActionStatusLine status={status} />
    </section>
  );
}
