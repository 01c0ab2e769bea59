import type { ReactNode } from 'react';
import { useStaffWords } from './words';

/**
 * A staff list as a table: the column heads, then a last head for the row's actions (named for a
 * screen reader only), then the rows the desk renders (`<tr>` each).
 */
export function StaffTable({
  className,
  columns,
  children,
  ...labelled
}: {
  /** Classes beside `staff-table`. */
  className?: string;
  columns: readonly string[];
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  const { t } = useStaffWords();
  return (
    <table className={className ? `staff-table ${className}` : 'staff-table'} {...labelled}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('shared.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
