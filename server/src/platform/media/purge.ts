/**
 * The CDN purge hook: when a photo that a CDN may hold goes (deleted, rejected), its public
 * addresses are POSTed as JSON `{ "urls": [...] }` to CDN_PURGE_URL, as a job tried again until
 * the hook answers 2xx. Without CDN_PURGE_URL, or on a site whose cdn_prefix is the app's own
 * /media, there is nothing to purge.
 */
import type { JobQueue } from '../jobs/queue.js';
import type { Site } from '../site.js';

declare module '../jobs/queue.js' {
  interface JobTypes {
    'media.purge': { urls: string[] };
  }
}

/** A cdn_prefix that puts a CDN in front: an absolute https address. */
const isCdnPrefix = (prefix: string) => prefix.startsWith('https://');

export function createCdnPurge(deps: { jobs: JobQueue; purgeUrl: string | null }) {
  const { jobs, purgeUrl } = deps;

  if (purgeUrl) {
    jobs.handle('media.purge', async ({ urls }) => {
      const response = await fetch(purgeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ urls }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`CDN purge answered ${response.status}`);
    });
  }

  return {
    /** Asks the CDN in front of `site` to forget these objects; nothing without a CDN or a hook. */
    async forget(site: Site | null, files: string[]) {
      const prefix = site?.settings.cdn_prefix ?? '';
      if (!purgeUrl || !isCdnPrefix(prefix) || files.length === 0) return;
      const base = prefix.replace(/\/$/, '');
      await jobs.add('media.purge', { urls: files.map((file) => `${base}/${file}`) });
    },
  };
}

export type CdnPurge = ReturnType<typeof createCdnPurge>;
