import { useTranslation } from 'react-i18next';

/** Country names in the page's language, from the browser's own data. */
export function useCountryName() {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
}
