import type { ReactNode } from 'react';
import { useStaffWords } from './words';

/** A column head with a class of its own, and, when the list sorts by it, how it sorts now and what pressing does. */
export interface StaffColumn {
  label: string;
  className?: string;
  sort?: { now: 'ascending' | 'descending' | 'none'; press: () => void };
}

/**
 * A staff list as a table: the column heads (a sortable one a button), then a last head for the
 * row's actions (named for a screen reader only) unless the rows have none, then the rows the desk
 * renders (`<tr>` each).
 */
export function StaffTable({
  className,
  columns,
  actions = true,
  children,
  ...labelled
}: {
  /** Classes beside `staff-table`. */
  className?: string;
  columns: readonly (string | StaffColumn)[];
  actions?: boolean;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  const { t } = useStaffWords();
  return (
    <table className={className ? `staff-table ${className}` : 'staff-table'} {...labelled}>
      <thead>
        <tr>
          {columns.map((column) => {
            const head = typeof column === 'string' ? { label: column } : column;
            return <ColumnHead key={head.label} column={head} />;
          })}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{t('shared.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const SORT_MARKS = { ascending: '↑', descending: '↓', none: '↕' };

function ColumnHead({ column: { label, className, sort } }: { column: StaffColumn }) {
  return (
    <th scope="col" className={className} aria-sort={sort?.now}>
      {sort ? (
        <button type="button" className="staff-sort" onClick={sort.press}>
          {label}
          <span aria-hidden="true" className="staff-sort-mark">
            {SORT_MARKS[sort.now]}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
