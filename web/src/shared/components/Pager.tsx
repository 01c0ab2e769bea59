import type { MouseEvent } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from './Icon';
import * as icons from './icons';

/** Pages around the current one, so a phone shows a short row. */
function pageWindow(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  return Array.from({ length: Math.min(5, pages) }, (_, index) => first + index);
}

/**
 * This address with `page` as its page (and `after` where the next page starts, when known): the
 * link a page number is before the app has taken the screen over.
 */
function usePageAddress() {
  const { pathname, search } = useLocation();
  return (page: number, after?: string) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    if (after) params.set('after', after);
    else params.delete('after');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

/**
 * Previous, up to five page numbers and next; nothing when there is one page. Each is a link to its
 * page, which the app opens in place once it runs (a screen the server rendered shows before that).
 * With `next` (where the next page starts, from the server), next and the following number go
 * there by it, as cheap on page 1,000 as on page 2.
 */
export function Pager({
  page,
  pages,
  next,
  onPage,
}: {
  page: number;
  pages: number;
  next?: string | null;
  onPage: (page: number, after?: string) => void;
}) {
  const { t } = useTranslation('members');
  const address = usePageAddress();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const after = target === page + 1 && next ? next : undefined;
    return {
      href: address(target, after),
      onClick: (event: MouseEvent) => {
        event.preventDefault();
        onPage(target, after);
      },
    };
  };
  return (
    <Pagination className="justify-content-center mt-4" aria-label={t('search.pages')}>
      <Pagination.Prev disabled={page <= 1} {...to(page - 1)} aria-label={t('search.previous')}>
        <Icon svg={icons.back} />
      </Pagination.Prev>
      {pageWindow(page, pages).map((number) => (
        <Pagination.Item
          key={number}
          active={number === page}
          {...to(number)}
          aria-label={t('search.page', { page: number })}
        >
          {number}
        </Pagination.Item>
      ))}
      <Pagination.Next disabled={page >= pages} {...to(page + 1)} aria-label={t('search.next')}>
        <Icon svg={icons.next} />
      </Pagination.Next>
    </Pagination>
  );
}
