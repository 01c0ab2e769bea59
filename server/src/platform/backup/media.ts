/** The media half of a backup: copying a store's objects into the backup's folder, and counting them. */
import { Readable } from 'node:stream';
import { type MediaStore, putOptionsFor } from '../media/store.js';

/**
 * Copies the objects of `from` that `copied` does not hold yet into `to`, and adds them to it with
 * their sizes. Objects keep their key for life (a photo is named by its hash, the rest at random),
 * so a key copied once needs no second look. One removed since the listing is left out.
 */
export async function copyNewObjects(from: MediaStore, to: MediaStore, copied: Map<string, number>): Promise<void> {
  for await (const { key } of from.list('')) {
    if (copied.has(key)) continue;
    const object = await from.get(key);
    if (!object) continue;
    let bytes = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of object.body) {
          bytes += (chunk as Buffer).length;
          yield chunk;
        }
      })(),
    );
    await to.put(key, counted, putOptionsFor(key));
    if (bytes !== object.size) throw new Error(`${key}: read ${bytes} bytes of its ${object.size}`);
    copied.set(key, bytes);
  }
}

export async function countObjects(store: MediaStore): Promise<{ objects: number; bytes: number }> {
  let objects = 0;
  let bytes = 0;
  for await (const { size } of store.list('')) {
    objects += 1;
    bytes += size;
  }
  return { objects, bytes };
}

export async function isEmptyStore(store: MediaStore): Promise<boolean> {
  for await (const _ of store.list('')) return false;
  return true;
}
