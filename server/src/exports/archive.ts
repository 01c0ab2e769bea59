/**
 * Writes a ZIP file entry by entry, streaming: each entry's source is read as it is written, one
 * at a time, so neither the archive nor a part of it is ever held in memory whole.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type EntryData, ZipArchive } from 'archiver';

/** Adds an entry and resolves once it is written. */
export type AddEntry = (name: string, source: Readable | string) => Promise<void>;

export async function writeZip(file: string, fill: (add: AddEntry) => Promise<void>): Promise<void> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(archive, fs.createWriteStream(file));
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

/**
 * A file to add, opened first: null when it is not there (a photo whose file was lost), so one
 * missing file does not keep a member from the rest of their data.
 */
export function opened(stream: fs.ReadStream): Promise<fs.ReadStream | null> {
  return new Promise((resolve, reject) => {
    stream.once('ready', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
  });
}
