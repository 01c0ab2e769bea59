import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForMissingChunk } from '../../app/chunk-reload';

function describe(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText || null };
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: null };
}

/** The error page: 404 with a link home, other errors with their status and message. */
export function ErrorPage({ status: givenStatus }: { status?: number }) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  if (routeError && isChunkLoadError(routeError)) reloadForMissingChunk();
  const { status, message } = givenStatus ? { status: givenStatus, message: null } : describe(routeError);
  const notFound = status === 404;

  return (
    <Container className="py-5 text-center">
      <p className="display-4 fw-bold text-secondary mb-2">{status}</p>
      <h1 className="h3 mb-3">{notFound ? t('errors:not_found') : t('errorPage.title')}</h1>
      {!notFound && <p>{message ?? t('errors:server_error')}</p>}
      <Link to="/" className="btn btn-primary">
        {t('errorPage.home')}
      </Link>
    </Container>
  );
}
