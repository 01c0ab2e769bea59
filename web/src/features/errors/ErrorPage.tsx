import { Component, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { i18n, useTranslation } from '../../i18n';
import { isChunkLoadError, reloadForMissingChunk } from '../../shared/chunk-reload';
import { PageTitle } from '../../shared/components/PageTitle';

/**
 * The status and the message a thrown route answer carries (SPEC §8: 500 and 'Error' by default).
 * A crash's own message is for the console, not for the member.
 */
function describe(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText || null };
  if (error) console.error(error);
  return { status: 500, message: null };
}

function ErrorContent({ status: givenStatus }: { status?: number }) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  if (routeError && isChunkLoadError(routeError)) reloadForMissingChunk();
  const { status, message } = givenStatus ? { status: givenStatus, message: null } : describe(routeError);
  const notFound = status === 404;

  return (
    <Container className="page page-reading">
      <PageTitle
        title={notFound ? t('errors:not_found') : (message ?? t('errorPage.title'))}
        lead={notFound ? undefined : t('errors:server_error')}
      />
      <p className="error-status">{status}</p>
      <Link to="/" className="btn btn-primary">
        {t('errorPage.home')}
      </Link>
    </Container>
  );
}

/** What is left when the error page itself fails: an apology and a plain link home. */
function Apology() {
  const say = (key: string, english: string) => {
    try {
      return i18n.exists(key) ? i18n.t(key) : english;
    } catch {
      return english;
    }
  };
  return (
    <main className="container py-5 text-center">
      <h1 className="h3 mb-3">{say('errorPage.apology', 'Sorry, something went wrong on our side.')}</h1>
      <a href="/" className="btn btn-primary">
        {say('errorPage.home', 'Back to the home page')}
      </a>
    </main>
  );
}

class ApologyBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <Apology /> : this.props.children;
  }
}

/** The error page: 404 with a link home, other errors with their status and message. */
export function ErrorPage({ status }: { status?: number }) {
  return (
    <ApologyBoundary>
      <ErrorContent status={status} />
    </ApologyBoundary>
  );
}
