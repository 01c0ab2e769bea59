import { describe, expect, it } from 'vitest';
import nlCredits from '../locales/nl/credits.json' with { type: 'json' };
import plApp from '../locales/pl/app.json' with { type: 'json' };
import { createTranslator } from './i18n.js';

const english = {
  app: {
    greeting: 'Hello {{name}}, welcome to {{site}}',
    likes: { count_zero: 'Nobody', count_one: 'One like', count_other: '{{count}} likes' },
    plain: 'No plural forms',
    sections: [{ heading: 'About {{site}}', body: 'Run by {{company}}' }],
  },
  likes: { title: 'Likes' },
};
const dutch = { app: { greeting: 'Hallo {{name}}', missingInEnglish: 'Alleen in het Nederlands' } };

const translator = (fallback: string | false) =>
  createTranslator({
    language: 'en',
    resources: { en: english, nl: dutch, pl: { app: plApp } },
    fallback,
    namespaces: ['app', 'likes'],
    defaultNamespace: 'app',
  });

describe('the translator of the web app, the landers and the mails', () => {
  const t = translator('nl').getFixedT('en');

  it('fills in values, leaving markup to the screen or mail that shows the text', () => {
    expect(t('greeting', { name: 'Anna', site: 'Amora' })).toBe('Hello Anna, welcome to Amora');
    expect(t('greeting', { name: 'Anna' })).toBe('Hello Anna, welcome to {{site}}');
    expect(t('greeting', { name: '<b>Anna</b>', site: 'Amora' })).toBe('Hello <b>Anna</b>, welcome to Amora');
  });

  it('reads nested keys, in the default namespace or the one the key names', () => {
    expect(t('likes.count_other', { count: 2 })).toBe('2 likes');
    expect(t('likes:title')).toBe('Likes');
    expect(t('title', { ns: 'likes' })).toBe('Likes');
  });

  it('chooses the plural form by count, with a text of its own for none', () => {
    expect(t('likes.count', { count: 0 })).toBe('Nobody');
    expect(t('likes.count', { count: 1 })).toBe('One like');
    expect(t('likes.count', { count: 7 })).toBe('7 likes');
    expect(t('plain', { count: 3 })).toBe('No plural forms');
  });

  it("chooses Polish's plural forms as Polish counts", () => {
    const polish = translator('nl').getFixedT('pl');
    expect(polish('nav.newLikes', { count: 1 })).toBe('1 nowe polubienie');
    expect(polish('nav.newLikes', { count: 3 })).toBe('3 nowe polubienia');
    expect(polish('nav.newLikes', { count: 5 })).toBe('5 nowych polubień');
    expect(polish('nav.newLikes', { count: 22 })).toBe('22 nowe polubienia');
    expect(polish('nav.newLikes', { count: 1.5 })).toBe('1,5 nowego polubienia');
  });

  it('writes a count as the language writes numbers: 1,000 credits in English, 1.000 in Dutch', () => {
    const numbers = createTranslator({
      language: 'en',
      resources: {
        en: { credits: { balance_other: 'You have {{count, number}} credits' } },
        nl: { credits: nlCredits },
      },
      fallback: false,
      namespaces: ['credits'],
      defaultNamespace: 'credits',
    });
    expect(numbers.getFixedT('en')('balance', { count: 1000 })).toBe('You have 1,000 credits');
    expect(numbers.getFixedT('nl')('balance', { count: 25000 })).toBe('Je hebt 25.000 credits');
  });

  it('takes a text the language lacks from nl, then the default value, then shows the key', () => {
    expect(t('missingInEnglish')).toBe('Alleen in het Nederlands');
    expect(t('nowhere.at.all', { defaultValue: 'Something about {{site}}', site: 'Amora' })).toBe(
      'Something about Amora',
    );
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('falls back to nothing where no fallback language is given', () => {
    expect(translator(false).getFixedT('en')('missingInEnglish')).toBe('missingInEnglish');
  });

  it('returns a subtree with its values filled in only when asked to', () => {
    expect(t('sections', { returnObjects: true, site: 'Amora', company: 'Amora B.V.' })).toEqual([
      { heading: 'About Amora', body: 'Run by Amora B.V.' },
    ]);
  });

  it('switches language once the new one is there', async () => {
    const instance = translator('nl');
    expect(instance.t('greeting', { name: 'Anna', site: 'Amora' })).toBe('Hello Anna, welcome to Amora');
    await instance.changeLanguage('nl');
    expect(instance.t('greeting', { name: 'Anna' })).toBe('Hallo Anna');
    expect(instance.language).toBe('nl');
  });
});
