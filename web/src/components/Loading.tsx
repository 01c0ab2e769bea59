import Spinner from 'react-bootstrap/Spinner';

export function Loading() {
  return (
    <div className="d-flex justify-content-center py-5" aria-live="polite">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">Loading…</span>
      </Spinner>
    </div>
  );
}
