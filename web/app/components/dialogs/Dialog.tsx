import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './Dialog.module.css';
import { useModalDialog } from './useModalDialog';

export interface DialogProps {
  readonly open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  readonly onClose: () => void;
  /** The visible heading, which also names the dialog for assistive technology. */
  readonly title: string;
  readonly description?: string;
  readonly size?: 'small' | 'medium';
  /** `drawer` slides in from the inline start at full height (the side menu). */
  readonly variant?: 'centered' | 'drawer';
  readonly children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element (useModalDialog: inert page, Escape, focus given back);
 * an element marked `data-autofocus` takes the focus first (the current choice in a list), else the
 * close button does. On narrow screens it becomes a bottom sheet. Nothing is rendered while
 * closed, so long lists (countries) do not weigh on every page.
 */
export function Dialog({ open, onClose, title, description, size = 'medium', variant = 'centered', children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useModalDialog(ref, open, onClose);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (the native cancel) is the keyboard way out; this is the pointer one.
    <dialog
      ref={ref}
      className={styles.dialog}
      data-size={size}
      data-variant={variant}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(event) => {
        // The panel fills the element, so a click on the element itself landed on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            )}
          </div>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialogs.close')}>
            <CloseIcon size={20} strokeWidth={2.2} />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
