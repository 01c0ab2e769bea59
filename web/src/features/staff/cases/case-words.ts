import { formatDate, formatTime } from '../../../i18n/format';

/** A moment as the desk writes it: the date and the time, in the staff member's locale. */
export const when = (value: string, locale: string) => `${formatDate(value, locale)}, ${formatTime(value, locale)}`;
