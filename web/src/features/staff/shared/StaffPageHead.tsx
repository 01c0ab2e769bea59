import type { ReactNode } from 'react';
import { HelpPopover } from './HelpPopover';

/**
 * A desk's head: its title, what the desk is for behind an info button beside it (not a paragraph
 * under it, issue 51), and what follows on the line (a count, an action).
 */
export function StaffPageHead({ title, help, children }: { title: string; help: ReactNode; children?: ReactNode }) {
  return (
    <div className="staff-page-head staff-help-head">
      <h1 className="h3">{title}</h1>
      <HelpPopover topic={title}>{help}</HelpPopover>
      {children}
    </div>
  );
}
