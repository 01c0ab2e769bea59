import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/src/constants';
import { datePartOrder } from './dates';

/** What Intl says, as the app's DateOfBirthField asks it. */
function intlOrder(locale: string) {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2000, 0, 2)))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
}

describe("the lander's date of birth", () => {
  it.each(LOCALES)('asks the parts in the order %s writes a date', (locale) => {
    expect(datePartOrder(locale)).toEqual(intlOrder(locale));
  });

  it.each(['en-GB', 'en-IE', 'en-US', 'en-CA', 'de-AT', 'fr-BE', 'nl-BE', 'pl-PL', 'sv-SE', 'fi-FI', 'nb-NO'])(
    'asks the parts in the order %s writes a date',
    (locale) => {
      expect(datePartOrder(locale)).toEqual(intlOrder(locale));
    },
  );
});
