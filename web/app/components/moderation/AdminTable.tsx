import type { ReactNode } from 'react';
import styles from './Admin.module.css';

/** A column heading: its text, or the text with the page's own class (no wrapping, numbers). */
export type AdminColumn = ReactNode | { readonly label: ReactNode; readonly className: string | undefined };

/**
 * A console table: scrolls sideways on a narrow screen, headings as column headers. `false` leaves a
 * column out (one only some roles see); the rows come as children.
 */
export function AdminTable({
  columns,
  className,
  testId,
  children,
}: {
  columns: readonly (AdminColumn | false)[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.scroll}>
      <table className={className ? `${styles.table} ${className}` : styles.table} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) =>
              column === false ? null : isStyled(column) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed per table
                <th key={index} scope="col" className={column.className}>
                  {column.label}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed per table
                <th key={index} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function isStyled(column: AdminColumn): column is { readonly label: ReactNode; readonly className: string | undefined } {
  return typeof column === 'object' && column !== null && 'className' in column && 'label' in column;
}
