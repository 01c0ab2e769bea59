/** Server-side translations: the same catalogues and translator as the web app, loaded once at start. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@amora/common';
import { createTranslator, type Resource, type TFunction } from '@amora/common/i18n';

/**
 * common/locales, found upwards from this file: from server/src/platform in the sources, from
 * server/dist in the build, whose chunks sit at another depth.
 */
function findLocalesDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'common', 'locales');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('common/locales not found above the server');
  }
}

const localesDir = findLocalesDir();
// app: the few web texts a mail repeats, such as a complaint's category.
const NAMESPACES = ['app', 'errors', 'export', 'mail', 'push', 'site'] as const;

/** One catalogue of common/locales, as the web app's build reads it too. */
export function readCatalogue(locale: Locale, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8'));
}

function loadResources(): Resource {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    for (const ns of NAMESPACES) resources[locale][ns] = readCatalogue(locale, ns);
  }
  return resources;
}

const instance = createTranslator({
  language: DEFAULT_LOCALE,
  resources: loadResources(),
  fallback: FALLBACK_LOCALE,
  namespaces: NAMESPACES,
  defaultNamespace: 'app',
});

export type Translate = TFunction;

export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}
