import type { Locale } from '@amora/common';
import type { Site } from './site.js';

/**
 * Where a request came from: its site, language and the origin its mailed links point to.
 * Services take this rather than the HTTP request, so they stay free of HTTP.
 */
export interface RequestContext {
  site: Site;
  locale: Locale;
  origin: string;
}
