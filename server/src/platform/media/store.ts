/**
 * Where media objects live (photos, chat photos, data exports): one interface, two stores. The
 * local disk under DATA_DIR/media is the default; S3-compatible object storage (MEDIA_STORE=s3)
 * lets instances on machines without a shared disk serve each other's uploads.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config, S3Config } from '../config.js';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  cacheControl: string;
}

export interface MediaStore {
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; one that is missing already is no error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

/** A key is slash-separated names of letters, digits, `-`, `_` and `.`, never `.` or `..` themselves. */
const KEY = /^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

const TYPES: Record<string, string> = { '.webp': 'image/webp', '.zip': 'application/zip' };
const typeOf = (key: string) => TYPES[path.extname(key)] ?? 'application/octet-stream';

/**
 * How an object is stored, by its key: a photo never changes under its name (who may cache it is
 * the app's /media's to say); a data export is nobody's to cache.
 */
export function putOptionsFor(key: string): PutOptions {
  const cacheControl = key.startsWith('exports/') ? 'private, no-store' : 'max-age=31536000, immutable';
  return { contentType: typeOf(key), cacheControl };
}

/** The disk store: objects are files under `root` (DATA_DIR/media), written whole or not at all. */
export function createDiskStore(root: string): MediaStore {
  const fileOf = (key: string) => path.join(root, checkedKey(key));

  async function* walk(folder: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key =
        folder === root ? entry.name : `${path.relative(root, folder).split(path.sep).join('/')}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))
          yield* walk(path.join(folder, entry.name), prefix);
      } else if (entry.isFile() && key.startsWith(prefix) && !entry.name.includes('.part-')) {
        yield { key, size: (await fs.stat(path.join(folder, entry.name))).size };
      }
    }
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const part = `${file}.part-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          (await fs.open(part, 'w')).createWriteStream(),
        );
        await fs.rename(part, file);
      } catch (error) {
        await fs.rm(part, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), size: stat.size, contentType: typeOf(key) };
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    list: (prefix) => walk(root, prefix),
  };
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The S3 store: objects in one bucket, under the same keys as on disk. */
export function createS3Store(config: S3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials && { credentials: config.credentials }),
    // Checksums only where an operation needs one: S3-compatible stores do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    async put(key, body, options) {
      await new Upload({
        client,
        params: {
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        },
      }).done();
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error(`${key}: the S3 client gave no stream`);
        return { body: object.Body, size: object.ContentLength ?? 0, contentType: object.ContentType ?? typeOf(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token && { ContinuationToken: token }) }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** Reads a whole object, e.g. to send a small photo in one piece; null when there is none. */
export async function readObject(store: MediaStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The store the configuration names: DATA_DIR/media unless MEDIA_STORE=s3. */
export function configuredMediaStore(config: Pick<Config, 'dataDir' | 'media'>): MediaStore {
  return config.media.store === 's3' ? createS3Store(config.media.s3) : createDiskStore(diskMediaRoot(config.dataDir));
}

/** Where the disk store keeps its objects: DATA_DIR/media. */
export function diskMediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}
