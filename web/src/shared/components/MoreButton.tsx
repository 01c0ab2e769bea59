import Button from 'react-bootstrap/Button';

/** What a list loaded page by page tells the button: TanStack Query's infinite query has these. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a list that loads its next page, shown while there is one; it says `loading`
 * (when given) and waits while the page comes.
 */
export function MoreButton({
  list,
  label,
  loading = label,
  className,
}: {
  list: PagedList;
  label: string;
  loading?: string;
  className: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant="outline-primary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? loading : label}
      </Button>
    </div>
  );
}
