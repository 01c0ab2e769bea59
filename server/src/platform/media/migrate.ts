/**
 * Copies one media store into another (a disk store into a bucket), verifying each object: the
 * copy's size and SHA-256 must match the original's. Objects the target holds already, verified
 * the same way, are skipped, so a run that stopped can simply be run again.
 */
import { createHash } from 'node:crypto';
import { type MediaStore, putOptionsFor } from './store.js';

export interface MigrationCounts {
  copied: number;
  /** In the target already, the same bytes. */
  skipped: number;
  /** Copied, but the copy differs; or not readable. Named in `failures`. */
  failed: number;
  failures: string[];
}

/** Size and SHA-256 of an object's bytes, or null when it is not there. */
async function fingerprint(store: MediaStore, key: string): Promise<{ size: number; sha256: string } | null> {
  const object = await store.get(key);
  if (!object) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of object.body) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { size, sha256: hash.digest('hex') };
}

const same = (a: { size: number; sha256: string } | null, b: { size: number; sha256: string } | null) =>
  a !== null && b !== null && a.size === b.size && a.sha256 === b.sha256;

export async function migrateMedia(
  from: MediaStore,
  to: MediaStore,
  onObject: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => {},
): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, skipped: 0, failed: 0, failures: [] };
  for await (const { key } of from.list('')) {
    const original = await fingerprint(from, key);
    let outcome: 'copied' | 'skipped' | 'failed';
    if (same(original, await fingerprint(to, key))) outcome = 'skipped';
    else {
      const object = await from.get(key);
      if (object) await to.put(key, object.body, putOptionsFor(key));
      outcome = same(original, await fingerprint(to, key)) ? 'copied' : 'failed';
    }
    counts[outcome] += 1;
    if (outcome === 'failed') counts.failures.push(key);
    onObject(key, outcome);
  }
  return counts;
}
