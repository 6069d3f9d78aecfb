import type { ReactNode } from 'react';
import styles from './Admin.module.css';
import type { ActionStatus } from './useAdminAction';

/** One titled panel of the console: a section labelled by its heading. */
export function AdminPanel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The live outcome line under a console action (empty until the first action). */
export function ActionStatusLine({ status }: { status: ActionStatus }) {
  return (
    <p role="status" className={styles.status} data-kind={status?.kind}>
      {status?.text}
    </p>
  );
}
