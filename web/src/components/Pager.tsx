import type { MouseEvent } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { Icon } from './Icon';
import * as icons from './icons';

/** Pages around the current one, so a phone shows a short row. */
function pageWindow(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  return Array.from({ length: Math.min(5, pages) }, (_, index) => first + index);
}

/** This address with `page` as its page: the link a page number is before the app has taken the screen over. */
function usePageAddress() {
  const { pathname, search } = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

/**
 * Previous, up to five page numbers and next; nothing when there is one page. Each is a link to its
 * page, which the app opens in place once it runs (a screen the server rendered shows before that).
 */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('members');
  const address = usePageAddress();
  if (pages <= 1) return null;
  const to = (target: number) => ({
    href: address(target),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onPage(target);
    },
  });
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
