import { formatDate, formatTime } from '../../../i18n/format';
import { STAFF_LOCALE } from '../shared/api';

/** Codes as staff read them: inappropriate_photos → Inappropriate photos. */
export const humanise = (code: string) => (code.charAt(0).toUpperCase() + code.slice(1)).replaceAll('_', ' ');
export const when = (value: string) => `${formatDate(value, STAFF_LOCALE)}, ${formatTime(value, STAFF_LOCALE)}`;
