/**
 * How a name is stored and looked up for the top bar's name search: without accents and case, so
 * 'zoe' finds Zoë and 'ZOË' finds Zoe on both engines alike.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The smallest string above every key starting with `prefix`, for an index range scan. */
export function pastPrefix(prefix: string): string {
  return `${prefix}\uffff`;
}
