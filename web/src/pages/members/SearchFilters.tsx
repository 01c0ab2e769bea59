import { GENDERS, MAX_AGE, MIN_AGE, type SearchQuery } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { useRegions, useSettings } from '../../api/hooks';
import { useCountryName } from '../../components/useCountryName';

export type Filters = Pick<SearchQuery, 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age'>;

const ages = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, index) => MIN_AGE + index);

/** The search form; it applies its filters on submit, so typing does not fire a search per key. */
export function SearchFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const { data: regions = [] } = useRegions();
  const countryName = useCountryName();
  const [draft, setDraft] = useState<Filters>(value);
  const set = (change: Partial<Filters>) => setDraft((current) => ({ ...current, ...change }));
  const number = (raw: string) => (raw === '' ? undefined : Number(raw));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const countryRegions = regions.filter((region) => region.country === draft.country);

  return (
    <Form
      onSubmit={submit}
      className="search-filters card border-0 shadow-sm p-3 mb-4"
      aria-label={t('search.filters')}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} sm={6} lg={2}>
          <Form.Group controlId="search-gender">
            <Form.Label className="small mb-1">{t('search.gender')}</Form.Label>
            <Form.Select
              value={draft.gender ?? ''}
              onChange={(e) => set({ gender: (e.target.value || undefined) as Filters['gender'] })}
            >
              <option value="">{t('search.anyone')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`search.genders.${gender}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Group controlId="search-country">
            <Form.Label className="small mb-1">{t('search.country')}</Form.Label>
            <Form.Select
              value={draft.country ?? ''}
              onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}
            >
              <option value="">{t('search.anyCountry')}</option>
              {settings?.countries.map((country) => (
                <option key={country} value={country}>
                  {countryName(country)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Group controlId="search-region">
            <Form.Label className="small mb-1">{t('search.region')}</Form.Label>
            <Form.Select
              value={draft.countryregion ?? ''}
              disabled={!draft.country}
              onChange={(e) => set({ countryregion: e.target.value || undefined })}
            >
              <option value="">{t('search.anyRegion')}</option>
              {countryRegions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={3} lg={1}>
          <Form.Group controlId="search-min-age">
            <Form.Label className="small mb-1">{t('search.minAge')}</Form.Label>
            <Form.Select value={draft.min_age ?? ''} onChange={(e) => set({ min_age: number(e.target.value) })}>
              <option value="">–</option>
              {ages.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={3} lg={1}>
          <Form.Group controlId="search-max-age">
            <Form.Label className="small mb-1">{t('search.maxAge')}</Form.Label>
            <Form.Select value={draft.max_age ?? ''} onChange={(e) => set({ max_age: number(e.target.value) })}>
              <option value="">–</option>
              {ages.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
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
