import type { ReactNode } from 'react';

/**
 * The one title block of a page: the heading, a line under it and the page's own actions at its
 * right. It sits at the top of a `page` container (theme.scss: page widths), so every page's title
 * starts at the same left edge as the logo.
 */
export function PageTitle({
  title,
  lead,
  actions,
  id,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  /** The heading's id, where a part of the page is labelled by it. */
  id?: string;
}) {
  return (
    <header className="page-title">
      <div className="page-title-text">
        <h1 className="h2" id={id}>
          {title}
        </h1>
        {lead && <p className="page-title-lead">{lead}</p>}
      </div>
      {actions && <div className="page-title-actions">{actions}</div>}
    </header>
  );
}
