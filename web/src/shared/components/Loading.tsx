import Spinner from 'react-bootstrap/Spinner';
import { i18n } from '../../i18n';

/** The spinner while a screen or its data loads; also Suspense's fallback, so it reads no hook. */
export function Loading() {
  return (
    <div className="d-flex justify-content-center py-5" aria-live="polite">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{i18n.t('app:common.loading')}</span>
      </Spinner>
    </div>
  );
}
