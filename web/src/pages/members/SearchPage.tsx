import type { SearchQuery } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSearch } from '../../api/members';
import { Loading } from '../../components/Loading';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Pager } from '../../components/Pager';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { storedTracking } from '../accounts/tracking';
import { MemberGrid } from './MemberCard';
import { type Filters, SearchFilters } from './SearchFilters';

const FILTER_KEYS = ['q', 'gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

function readQuery(params: URLSearchParams): Partial<SearchQuery> {
  const query: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) query[key] = key.endsWith('age') ? Number(value) : value;
  }
  const page = Number(params.get('page') ?? '1');
  return { ...(query as Filters), page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export default function SearchPage() {
  const { t } = useTranslation('members');
  useDocumentTitle(t('search.title'));
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const network = storedTracking()?.network;
  const search = useSearch({ ...query, network });

  const go = (filters: Filters, page = 1) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key] !== undefined) next.set(key, String(filters[key]));
    if (page > 1) next.set('page', String(page));
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  const { page: _page, ...filters } = query;

  if (search.error instanceof ApiError && search.error.code === 'search_login_required') {
    return (
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('search.title')}</h1>
        <LoginPrompt message={search.error.message} />
      </Container>
    );
  }
  const result = search.data;
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">{t('search.title')}</h1>
      <SearchFilters key={params.toString()} value={filters} onApply={(next) => go(next)} />
      {search.isError && <Alert variant="danger">{search.error.message}</Alert>}
      {search.isPending && <Loading />}
      {result && (
        <section aria-labelledby="results-title" aria-busy={search.isFetching}>
          <h2 className="h6 text-body-secondary mb-3" id="results-title" aria-live="polite">
            {t('search.total', { count: result.total })}
          </h2>
          {result.profiles.length > 0 && <MemberGrid profiles={result.profiles} label={t('search.results')} />}
          <Pager page={result.page} pages={result.pages} onPage={(page) => go(filters, page)} />
          {result.similar.length > 0 && (
            <section className="mt-5" aria-labelledby="similar-title">
              <h2 className="h5" id="similar-title">
                {t('search.similar', { count: result.similar_total })}
              </h2>
              <p className="small text-body-secondary">{t('search.similarHint')}</p>
              <MemberGrid profiles={result.similar} label={t('search.similarLabel')} />
            </section>
          )}
        </section>
      )}
    </Container>
  );
}
