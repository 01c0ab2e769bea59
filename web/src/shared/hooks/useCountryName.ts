import { useTranslation } from '../../i18n';
import { regionNames } from '../../i18n/format';

/** Country names in the page's language, from the browser's own data. */
export function useCountryName() {
  const { i18n } = useTranslation();
  const names = regionNames(i18n.language);
  return (code: string) => names.of(code) ?? code;
}
