import { SEARCH_TEXT_MAX_LENGTH, type SearchQuery } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { CountrySelect, RegionSelect } from '../../components/PlaceSelects';
import { AgeSelect, GenderSelect } from '../../components/SearchSelects';

export type Filters = Pick<SearchQuery, 'q' | 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age'>;

/** The search form; it applies its filters on submit, so typing does not fire a search per key. */
export function SearchFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation('members');
  const [draft, setDraft] = useState<Filters>(value);
  const set = (change: Partial<Filters>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <Form onSubmit={submit} className="filter-form card border-0 shadow-sm p-3 mb-4" aria-label={t('search.filters')}>
      <Row className="g-2 align-items-end">
        <Col xs={12}>
          <Form.Group controlId="search-text">
            <Form.Label>{t('search.name')}</Form.Label>
            <Form.Control
              type="search"
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={draft.q ?? ''}
              onChange={(e) => set({ q: e.target.value || undefined })}
            />
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} lg={2}>
          <GenderSelect
            id="search-gender"
            label={t('search.gender')}
            value={draft.gender}
            onChange={(gender) => set({ gender })}
          />
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <CountrySelect
            id="search-country"
            label={t('search.country')}
            emptyLabel={t('search.anyCountry')}
            value={draft.country ?? ''}
            onChange={(country) => set({ country: country || undefined, countryregion: undefined })}
          />
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <RegionSelect
            id="search-region"
            label={t('search.region')}
            emptyLabel={t('search.anyRegion')}
            country={draft.country}
            value={draft.countryregion ?? ''}
            onChange={(region) => set({ countryregion: region || undefined })}
          />
        </Col>
        <Col xs={6} sm={3} lg={1}>
          <AgeSelect
            id="search-min-age"
            label={t('search.minAge')}
            value={draft.min_age}
            onChange={(min_age) => set({ min_age })}
          />
        </Col>
        <Col xs={6} sm={3} lg={1}>
          <AgeSelect
            id="search-max-age"
            label={t('search.maxAge')}
            value={draft.max_age}
            onChange={(max_age) => set({ max_age })}
          />
        </Col>
        <Col xs={12} lg={2}>
          <Button type="submit" className="w-100">
            {t('search.submit')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
