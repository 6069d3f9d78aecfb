import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './forms.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Help or a live check under the input (availability, format). */
  readonly note?: ReactNode;
  readonly invalid?: boolean;
}

/** A labelled input whose note is announced with it. */
export function TextField({ label, value, onChange, note, invalid, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <span id={`${id}-note`} className={invalid ? styles.error : styles.hint} aria-live="polite">
          {note}
        </span>
      )}
    </div>
  );
}
