import { useRegions, useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useCountryName } from '../hooks/useCountryName';
import { SelectField } from './form';

interface PlaceSelectProps {
  id: string;
  label: string;
  /** The first option, chosen by ''. */
  emptyLabel: string;
  value: string;
  onChange: (value: string) => void;
}

/** A country select: the site's countries, named in the page's language. */
export function CountrySelect({ emptyLabel, ...field }: PlaceSelectProps) {
  const { data: settings } = useSettings();
  const countryName = useCountryName();
  return (
    <SelectField {...field}>
      <option value="">{emptyLabel}</option>
      {settings?.countries.map((country) => (
        <option key={country} value={country}>
          {countryName(country)}
        </option>
      ))}
    </SelectField>
  );
}

/** A region select: the regions of one country; disabled, and saying so, before a country is chosen. */
export function RegionSelect({
  country,
  emptyLabel,
  withoutCountry,
  ...field
}: PlaceSelectProps & {
  country: string | null | undefined;
  /** What to say while there is no country, where choosing one is done elsewhere. */
  withoutCountry?: string;
}) {
  const { t } = useTranslation('members');
  const { data: regions = [] } = useRegions();
  return (
    <SelectField
      {...field}
      disabled={!country}
      hint={country ? undefined : (withoutCountry ?? t('search.countryFirst'))}
    >
      <option value="">{emptyLabel}</option>
      {regions
        .filter((region) => region.country === country)
        .map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
    </SelectField>
  );
}
