import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { regionalLocale } from './format';

const unchanging = () => () => {};

/**
 * The locale to write dates and times in (see regionalLocale). A page rendered on the server and its
 * hydration write them in the site's language, so that both agree; the browser's region follows at once.
 */
export function useDateLocale(): string {
  const { i18n } = useTranslation();
  return useSyncExternalStore(
    unchanging,
    () => regionalLocale(i18n.language, navigator.languages),
    () => i18n.language,
  );
}
