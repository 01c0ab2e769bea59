import Button from 'react-bootstrap/Button';

/** Loads the next older page of a staff list, while there is one. */
export function OlderButton({
  list,
  label,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline-secondary"
      className="mt-3"
      disabled={list.isFetchingNextPage}
      onClick={() => list.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
