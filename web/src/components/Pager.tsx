import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from '../i18n';
import { Icon } from './Icon';
import * as icons from './icons';

/** Pages around the current one, so a phone shows a short row. */
function pageWindow(page: number, pages: number): number[] {
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  return Array.from({ length: Math.min(5, pages) }, (_, index) => first + index);
}

/** Previous, up to five page numbers and next; nothing when there is one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('members');
  if (pages <= 1) return null;
  return (
    <Pagination className="justify-content-center mt-4" aria-label={t('search.pages')}>
      <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('search.previous')}>
        <Icon svg={icons.back} />
      </Pagination.Prev>
      {pageWindow(page, pages).map((number) => (
        <Pagination.Item
          key={number}
          active={number === page}
          onClick={() => onPage(number)}
          aria-label={t('search.page', { page: number })}
        >
          {number}
        </Pagination.Item>
      ))}
      <Pagination.Next disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('search.next')}>
        <Icon svg={icons.next} />
      </Pagination.Next>
    </Pagination>
  );
}
