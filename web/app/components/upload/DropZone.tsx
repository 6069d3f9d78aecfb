import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './DropZone.module.css';

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Where files come in: a big target to drop them on or to click (a real button, so Enter and Space work),
 * or, once files are chosen, a compact "add files" tile beside them.
 */
export function DropZone({
  compact,
  disabled,
  onFiles,
}: {
  compact: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(files);
  };
  return (
    <div className={compact ? styles.addTile : styles.dropZone} data-over={over || undefined}>
      <button
        type="button"
        className={styles.dropButton}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          if (hasFiles(event)) setOver(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take(event.dataTransfer.files);
        }}
      >
        <svg viewBox="0 0 48 48" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M24 32V10m0 0-8 8m8-8 8 8" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M8 28v8a4 4 0 0 0 4 4h24a4 4 0 0 0 4-4v-8" strokeLinecap="round" />
        </svg>
        {compact ? (
          <span className={styles.addLabel}>{t('upload.addMore')}</span>
        ) : (
          <>
            <span className={styles.dropTitle}>{over ? t('upload.dropNow') : t('upload.dropTitle')}</span>
            <span className={styles.dropHint}>{t('upload.dropHint')}</span>
            <span className={styles.chooseButton}>{t('upload.choose')}</span>
          </>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept="video/*,image/*"
        multiple
        hidden
        data-testid={compact ? 'upload-add-input' : 'upload-input'}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
