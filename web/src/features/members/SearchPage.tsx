import {
  offeredSearchFields,
  type ProfileCard as ProfileCardData,
  SEARCH_PAGE_SIZE,
  withOfferedFilters,
} from '@amora/common';
import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettings, useUser } from '../../api/hooks';
import type { SearchParams } from '../../api/member-keys';
import { useSearch } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { LoginPrompt } from '../../shared/components/LoginPrompt';
import { NameSearchBox } from '../../shared/components/NameSearchBox';
import { Pager } from '../../shared/components/Pager';
import { PageTitle } from '../../shared/components/PageTitle';
import { inFirstRows, ProfileCard, ProfileGrid, ProfileGridPending } from '../../shared/components/ProfileCard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMediaQuery } from '../../shared/hooks/useMediaQuery';
import { storedTracking } from '../accounts/tracking';
import { CardLikeButton } from '../likes/LikeButton';
import { memberFilters, rememberFilters } from './rememberedFilters';
import type { Filters } from './SearchFilters';

const FILTER_KEYS = ['q', 'gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
const SearchFilters = lazy(() => import('./SearchFilters').then(({ SearchFilters }) => ({ default: SearchFilters })));
/** Bootstrap's lg and up, where the filters stand beside the results instead of in a sheet. */
const FILTERS_BESIDE = '(min-width: 992px)';

function readQuery(params: URLSearchParams): SearchParams {
  const query: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) query[key] = key.endsWith('age') ? Number(value) : value;
  }
  const page = Number(params.get('page') ?? '1');
  const deeper = Number.isInteger(page) && page > 1;
  return { ...(query as Filters), page: deeper ? page : 1, after: (deeper && params.get('after')) || undefined };
}

/** No one left by the filters: say so, and offer the same search without them (a name search keeps its name). */
function FilteredOut({ onSearchAll }: { onSearchAll: () => void }) {
  const { t } = useTranslation('members');
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Icon svg={icons.filters} />
      </span>
      <p>{t('search.emptyFiltered')}</p>
      <Button onClick={onSearchAll}>{t('search.searchAll')}</Button>
    </div>
  );
}

/** /members: the results first; the filters beside them on a wide screen, in a bottom sheet on a phone. */
export default function SearchPage() {
  const { t } = useTranslation('members');
  useDocumentTitle(t('search.title'));
  const { user, isLoading: userLoading } = useUser();
  const { data: settings } = useSettings();
  const searchFields = settings?.search_fields ?? [];
  const offered = offeredSearchFields(searchFields);
  const [params, setParams] = useSearchParams();
  const [sheetOpen, setSheetOpen] = useState(false);
  // On a phone the filters are loaded when their sheet first opens: their code, country names and
  // regions (Intl's region data, regions.php and the answer schemas) would slow the first screen.
  const [sheetOpened, setSheetOpened] = useState(false);
  const filtersShown = useMediaQuery(FILTERS_BESIDE) || sheetOpened;
  const fromAddress = readQuery(params);
  const namesFilters = FILTER_KEYS.some((key) => params.has(key));
  // Filters the site does not offer (an old link, a remembered search) narrow nothing, so none is sent.
  const query = withOfferedFilters(
    user && !namesFilters ? { ...memberFilters(user), page: fromAddress.page, after: fromAddress.after } : fromAddress,
    searchFields,
  );
  const network = storedTracking()?.network;
  // A member's own filters are known once the member is, and those offered once the site's settings are.
  const search = useSearch({ ...query, network }, !userLoading && settings !== undefined);

  const go = (filters: Filters, page = 1, after?: string) => {
    if (user) rememberFilters(user, filters);
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key] !== undefined) next.set(key, String(filters[key]));
    if (page > 1) next.set('page', String(page));
    if (page > 1 && after) next.set('after', after);
    setParams(next);
    setSheetOpen(false);
    window.scrollTo({ top: 0 });
  };
  const openSheet = () => {
    setSheetOpened(true);
    setSheetOpen(true);
  };
  const { page: _page, after: _after, ...filters } = query;
  const activeFilters = FILTER_KEYS.filter((key) => key !== 'q' && filters[key] !== undefined).length;
  const card = (profile: ProfileCardData, index: number) => (
    <ProfileCard profile={profile} eager={inFirstRows(index)} action={user && <CardLikeButton profile={profile} />} />
  );

  if (search.error instanceof ApiError && search.error.code === 'search_login_required') {
    return (
      <Container className="page">
        <PageTitle title={t('search.title')} />
        <LoginPrompt message={search.error.message} />
      </Container>
    );
  }
  const result = search.data;
  return (
    <Container className="page search-page">
      <PageTitle
        title={t('search.title')}
        actions={
          <>
            <NameSearchBox
              key={filters.q ?? ''}
              label={t('search.name')}
              placeholder={t('search.namePlaceholder')}
              initial={filters.q ?? ''}
              onSearch={(q) => go({ ...filters, q })}
            />
            {offered.length > 0 && (
              <Button variant="outline-primary" className="filters-button d-lg-none" onClick={openSheet}>
                <Icon svg={icons.filters} className="me-2" />
                {t('search.filtersButton')}
                {activeFilters > 0 && <span className="filters-count">{activeFilters}</span>}
              </Button>
            )}
          </>
        }
      />
      {/* A site that offers no filter has none to show: the results take the width. */}
      <div className={offered.length > 0 ? 'search-layout' : undefined}>
        {offered.length > 0 && (
          <Offcanvas
            responsive="lg"
            placement="bottom"
            show={sheetOpen}
            onHide={() => setSheetOpen(false)}
            className="filter-sheet"
            aria-labelledby="filters-title"
          >
            <Offcanvas.Header closeButton closeLabel={t('app:common.close')}>
              <Offcanvas.Title as="h2" className="h5" id="filters-title">
                {t('search.filtersButton')}
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body>
              {filtersShown && (
                <Suspense fallback={<Loading />}>
                  <SearchFilters
                    key={JSON.stringify(filters)}
                    fields={offered}
                    value={filters}
                    onApply={(next) => go(next)}
                  />
                </Suspense>
              )}
            </Offcanvas.Body>
          </Offcanvas>
        )}
        <div className="search-results">
          {search.isError && <Alert variant="danger">{search.error.message}</Alert>}
          {search.isPending && (
            <>
              {/* The results' heading line, so the cards come where the empty ones were. */}
              <p className="h6 mb-3" aria-hidden="true">
                {'\u00a0'}
              </p>
              <ProfileGridPending count={SEARCH_PAGE_SIZE} />
            </>
          )}
          {result && (
            <section aria-labelledby="results-title" aria-busy={search.isFetching}>
              <h2 className="h6 text-body-secondary mb-3" id="results-title" aria-live="polite">
                {t('search.total', { count: result.total })}
              </h2>
              {result.profiles.length > 0 && (
                <ProfileGrid profiles={result.profiles} label={t('search.results')} card={card} />
              )}
              {result.profiles.length === 0 && result.similar.length === 0 && activeFilters > 0 && (
                <FilteredOut onSearchAll={() => go({ q: filters.q })} />
              )}
              <Pager
                page={result.page}
                pages={result.pages}
                next={result.next}
                onPage={(page, after) => go(filters, page, after)}
              />
              {result.similar.length > 0 && (
                <section className="mt-5" aria-labelledby="similar-title">
                  <h2 className="h5" id="similar-title">
                    {t('search.similar', { count: result.similar_total })}
                  </h2>
                  <p className="small text-body-secondary">{t('search.similarHint')}</p>
                  <ProfileGrid profiles={result.similar} label={t('search.similarLabel')} card={card} />
                </section>
              )}
            </section>
          )}
        </div>
      </div>
    </Container>
  );
}
