/**
 * Search cursors: a card's place in a search's order, signed, so the server starts a page only
 * where a page of its own ended; an edited, cut or made-up cursor is refused.
 */
import type { SearchCursor, SearchPlace } from '@amora/common';
import { searchPlaceText } from '@amora/common/schemas';
import type { LinkKeys } from '../../platform/config.js';
import { fieldError } from '../../platform/errors.js';
import { sign, validSignature } from '../../platform/keys/signatures.js';

export function signedCursor(keys: LinkKeys, place: SearchPlace): string {
  const text = searchPlaceText(place);
  return `${sign(keys, 'search-cursor', text)}.${text}`;
}

/** The place a cursor names, when this deployment signed it; else the query's `after` is refused. */
export function placeOf(keys: LinkKeys, now: Date, cursor: SearchCursor): SearchPlace {
  if (!validSignature(keys, now, 'search-cursor', cursor.place, cursor.signature)) {
    throw fieldError('after', 'invalid_choice');
  }
  return cursor.at;
}
