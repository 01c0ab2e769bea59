import { describe, expect, it } from 'vitest';
import plApp from '../../../common/locales/pl/app.json';
import { hasText, type Language, translator } from './translate';

const english: Language = {
  locale: 'en',
  catalogues: {
    app: {
      greeting: 'Hello {{name}}, welcome to {{site}}',
      likes: { count_zero: 'Nobody', count_one: 'One like', count_other: '{{count}} likes' },
      plain: 'No plural forms',
      sections: [{ heading: 'About {{site}}', body: 'Run by {{company}}' }],
    },
    likes: { title: 'Likes', onlyHere: 'Only in likes' },
  },
};
const dutch: Language = {
  locale: 'nl',
  catalogues: { app: { greeting: 'Hallo {{name}}', missingInEnglish: 'Alleen in het Nederlands' } },
};

describe('translator', () => {
  const t = translator([english, dutch], ['app']);

  it('fills in values, and leaves out a value that is missing or undefined', () => {
    expect(t('greeting', { name: 'Anna', site: 'Amora' })).toBe('Hello Anna, welcome to Amora');
    expect(t('greeting', { name: undefined })).toBe('Hello , welcome to ');
  });

  it('reads a namespace named in the key, in the options, or in the order it was given', () => {
    expect(t('likes:title')).toBe('Likes');
    expect(t('title', { ns: 'likes' })).toBe('Likes');
    expect(translator([english], ['likes', 'app'])('plain')).toBe('No plural forms');
    expect(translator([english], ['likes', 'app'])('onlyHere')).toBe('Only in likes');
  });

  it('chooses the plural form by count, with a text of its own for none', () => {
    expect(t('likes.count', { count: 0 })).toBe('Nobody');
    expect(t('likes.count', { count: 1 })).toBe('One like');
    expect(t('likes.count', { count: 7 })).toBe('7 likes');
    expect(t('plain', { count: 3 })).toBe('No plural forms');
  });

  it("chooses Polish's plural forms as Polish counts", () => {
    const polish = translator([{ locale: 'pl', catalogues: { app: plApp } }], ['app']);
    expect(polish('nav.newLikes', { count: 1 })).toBe('1 nowe polubienie');
    expect(polish('nav.newLikes', { count: 3 })).toBe('3 nowe polubienia');
    expect(polish('nav.newLikes', { count: 5 })).toBe('5 nowych polubień');
    expect(polish('nav.newLikes', { count: 22 })).toBe('22 nowe polubienia');
    expect(polish('nav.newLikes', { count: 1.5 })).toBe('1.5 nowego polubienia');
  });

  it('falls back to the next language, then to the default value, then to the key', () => {
    expect(t('missingInEnglish')).toBe('Alleen in het Nederlands');
    expect(t('nowhere.at.all', { defaultValue: 'Something about {{site}}', site: 'Amora' })).toBe(
      'Something about Amora',
    );
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('greeting.deeper')).toBe('greeting.deeper');
  });

  it('returns a subtree with its values filled in only when asked to', () => {
    expect(t('sections', { returnObjects: true, site: 'Amora', company: 'Amora B.V.' })).toEqual([
      { heading: 'About Amora', body: 'Run by Amora B.V.' },
    ]);
    expect(t('sections')).toBe('sections');
    expect(t('likes')).toBe('likes');
  });

  it('says whether a key has a text', () => {
    expect(hasText([english, dutch], ['app'], 'missingInEnglish')).toBe(true);
    expect(hasText([english], ['app'], 'missingInEnglish')).toBe(false);
    expect(hasText([english], ['app'], 'likes.count')).toBe(false);
  });
});
