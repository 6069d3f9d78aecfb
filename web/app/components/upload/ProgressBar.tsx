import styles from './UploadComposer.module.css';

/** A determinate progress bar, 0–100, announced by name and value. */
export function ProgressBar({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid={testId}
    >
      <span className={styles.barFill} style={{ inlineSize: `${value}%` }} />
    </div>
  );
}
