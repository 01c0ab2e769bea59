import { GENDERS, MAX_AGE, MIN_AGE, SEARCH_TEXT_MAX_LENGTH, type SearchQuery } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { CountryOptions, RegionOptions } from '../../components/PlaceOptions';

export type Filters = Pick<SearchQuery, 'q' | 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age'>;

const ages = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, index) => MIN_AGE + index);

export function AgeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (age: number | undefined) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <option value="">–</option>
        {ages.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

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
    <Form
      onSubmit={submit}
      className="search-filters card border-0 shadow-sm p-3 mb-4"
      aria-label={t('search.filters')}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12}>
          <Form.Group controlId="search-text">
            <Form.Label className="small mb-1">{t('search.name')}</Form.Label>
            <Form.Control
              type="search"
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={draft.q ?? ''}
              onChange={(e) => set({ q: e.target.value || undefined })}
            />
          </Form.Group>
        </Col>
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
              <CountryOptions emptyLabel={t('search.anyCountry')} />
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
              <RegionOptions country={draft.country} emptyLabel={t('search.anyRegion')} />
            </Form.Select>
          </Form.Group>
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
