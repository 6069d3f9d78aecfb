import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { VelvetMark } from '../layout/icons';
import styles from './AgeGate.module.css';

/** Where "Leave" sends a visitor who is not an adult: a neutral page outside the site. */
const LEAVE_URL = 'https://www.google.com/';

/**
 * The card both age gates show over the page (the click-through AgeGate and the provider's AgeCheckGate):
 * a real dialog, labelled, focus on its main action, with "Leave" beside it. What follows the actions
 * (a language switch, a status line) comes as children.
 */
export function GateCard({
  title,
  message,
  action,
  children,
}: {
  title: string;
  message: string;
  action: { readonly label: string; readonly onClick: () => void; readonly disabled?: boolean };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const actionRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    actionRef.current?.focus();
  }, []);

  return (
    <div className={styles.overlay}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className={styles.card}>
        <div className={styles.brand}>
          <VelvetMark />
          <span className={styles.badge}>{t('gate.badge')}</span>
        </div>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p id={messageId} className={styles.message}>
          {message}
        </p>
        <div className={styles.actions}>
          <button ref={actionRef} type="button" className={styles.enter} disabled={action.disabled} onClick={action.onClick}>
            {action.label}
          </button>
          <a href={LEAVE_URL} className={styles.leave} rel="noreferrer">
            {t('gate.leave')}
          </a>
        </div>
        {children}
      </div>
    </div>
  );
}
