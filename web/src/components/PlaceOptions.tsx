import { useRegions, useSettings } from '../api/hooks';
import { useCountryName } from './useCountryName';

/** The options of a country select: the site's countries, named in the page's language. */
export function CountryOptions({ emptyLabel }: { emptyLabel: string }) {
  const { data: settings } = useSettings();
  const countryName = useCountryName();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {settings?.countries.map((country) => (
        <option key={country} value={country}>
          {countryName(country)}
        </option>
      ))}
    </>
  );
}

/** The options of a region select: the regions of one country (none before a country is chosen). */
export function RegionOptions({ country, emptyLabel }: { country: string | undefined; emptyLabel: string }) {
  const { data: regions = [] } = useRegions();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {regions
        .filter((region) => region.country === country)
        .map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
    </>
  );
}
