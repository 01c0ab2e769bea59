import type { SearchField, SearchQuery } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n';
import { CountrySelect, RegionSelect } from '../../shared/forms/PlaceSelects';
import { AgeSelect, GenderSelect } from '../../shared/forms/SearchSelects';

export type Filters = Pick<SearchQuery, 'q' | 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age'>;

/**
 * The search filters the site offers (`fields`); they apply on submit, so changing one does not fire
 * a search per field.
 */
export function SearchFilters({
  fields,
  value,
  onApply,
}: {
  fields: SearchField[];
  value: Filters;
  onApply: (filters: Filters) => void;
}) {
  const { t } = useTranslation('members');
  const [draft, setDraft] = useState<Filters>(value);
  const set = (change: Partial<Filters>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form onSubmit={submit} className="filter-form" aria-label={t('search.filters')}>
      {fields.includes('gender') && (
        <GenderSelect
          id="search-gender"
          label={t('search.gender')}
          value={draft.gender}
          onChange={(gender) => set({ gender })}
        />
      )}
      {fields.includes('country') && (
        <CountrySelect
          id="search-country"
          label={t('search.country')}
          emptyLabel={t('search.anyCountry')}
          value={draft.country ?? ''}
          onChange={(country) => set({ country: country || undefined, countryregion: undefined })}
        />
      )}
      {fields.includes('countryregion') && (
        <RegionSelect
          id="search-region"
          label={t('search.region')}
          emptyLabel={t('search.anyRegion')}
          country={draft.country}
          value={draft.countryregion ?? ''}
          onChange={(region) => set({ countryregion: region || undefined })}
        />
      )}
      {(fields.includes('min_age') || fields.includes('max_age')) && (
        <div className="filter-ages">
          {fields.includes('min_age') && (
            <AgeSelect
              id="search-min-age"
              label={t('search.minAge')}
              value={draft.min_age}
              onChange={(min_age) => set({ min_age })}
            />
          )}
          {fields.includes('max_age') && (
            <AgeSelect
              id="search-max-age"
              label={t('search.maxAge')}
              value={draft.max_age}
              onChange={(max_age) => set({ max_age })}
            />
          )}
        </div>
      )}
      <Button type="submit" className="w-100">
        {t('search.submit')}
      </Button>
    </form>
  );
}
