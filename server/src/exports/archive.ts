/**
 * Writes a ZIP file entry by entry, streaming: each entry's source is read as it is written, one
 * at a time, so neither the archive nor a part of it is ever held in memory whole.
 */
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type EntryData, ZipArchive } from 'archiver';

/** Adds an entry and resolves once it is written. */
export type AddEntry = (name: string, source: Readable | string) => Promise<void>;

/** Writes the ZIP that `fill` adds entries to into `store` (e.g. the media store's put), as it is made. */
export async function writeZip(
  store: (zip: Readable) => Promise<void>,
  fill: (add: AddEntry) => Promise<void>,
): Promise<void> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // Through a stream of Node's own: archiver's is not one the S3 client takes as a body.
  const zip = new PassThrough();
  const written = Promise.all([pipeline(archive, zip), store(zip)]);
  const add: AddEntry = (name, source) =>
    new Promise((resolve, reject) => {
      const stop = () => {
        archive.off('entry', onEntry);
        archive.off('error', onError);
      };
      const onEntry = (entry: EntryData) => {
        if (entry.name !== name) return;
        stop();
        resolve();
      };
      const onError = (error: Error) => {
        stop();
        reject(error);
      };
      archive.on('entry', onEntry);
      archive.on('error', onError);
      archive.append(source, { name });
    });
  try {
    await fill(add);
    await archive.finalize();
    await written;
  } catch (error) {
    archive.abort();
    await written.catch(() => undefined);
    throw error;
  }
}

/** Text written as it comes. */
export const streamedText = (chunks: AsyncIterable<string>) => Readable.from(chunks, { objectMode: false });

/** The items of a JSON array, as text, as they come page by page. */
export async function* jsonItems<T>(pages: AsyncIterable<T[]>, indent = ''): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    for (const item of page) {
      yield `${first ? '\n' : ',\n'}${indent}${JSON.stringify(item)}`;
      first = false;
    }
  }
}

/** A JSON array written as its items come, page by page. */
export function jsonArray<T>(pages: AsyncIterable<T[]>): Readable {
  return streamedText(
    (async function* () {
      yield '[';
      yield* jsonItems(pages);
      yield '\n]\n';
    })(),
  );
}

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
