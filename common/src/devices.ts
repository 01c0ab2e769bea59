import type { TFunction } from './i18n.js';
import type { SessionDevice } from './schemas/accounts.js';

/** "Chrome on Android", or as much of it as the browser told: in settings and in the new-device mail. */
export function deviceName(t: TFunction, { browser, system }: SessionDevice): string {
  if (browser && system) return t('app:settings.sessions.browserOn', { browser, system });
  return browser ?? system ?? t('app:settings.sessions.unknownDevice');
}
