/** The language a visitor chose (or settings.php chose for them from the site's), kept in a cookie. */
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '../../../common/src/constants';

export function cookieLocale(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]+)`));
  return match && isLocale(match[1]) ? match[1] : null;
}

export function rememberLocale(locale: Locale) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser yet
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`;
}
