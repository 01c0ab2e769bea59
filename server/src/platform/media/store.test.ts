import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStore, isMediaKey, putOptionsFor, readObject } from './store.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-store-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('media keys', () => {
  it('takes slash-separated names, never one that climbs out or carries a NUL byte', () => {
    expect(isMediaKey('p/12/0123456789abcdef0123456789abcdef-thumb.webp')).toBe(true);
    expect(isMediaKey('exports/abc.zip')).toBe(true);
    for (const key of [
      '',
      '/etc/passwd',
      'p/../x',
      'p/./x',
      '..',
      'p//x',
      'p/x\0.webp',
      'p\\x',
      'p/%2e%2e/x',
      'p/x/',
    ]) {
      expect(isMediaKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe('the disk store', () => {
  const store = createDiskStore(root);

  it('puts, gets, lists by prefix and removes', async () => {
    await store.put('p/1/a.webp', Buffer.from('one'), putOptionsFor('p/1/a.webp'));
    await store.put('p/2/b.webp', Buffer.from('two'), putOptionsFor('p/2/b.webp'));
    await store.put('exports/c.zip', Buffer.from('three'), putOptionsFor('exports/c.zip'));
    expect(await readObject(store, 'p/1/a.webp')).toEqual(Buffer.from('one'));
    expect(await store.get('p/1/a.webp')).toMatchObject({ size: 3, contentType: 'image/webp' });
    const listed = [];
    for await (const object of store.list('p/')) listed.push(object);
    expect(listed).toEqual([
      { key: 'p/1/a.webp', size: 3 },
      { key: 'p/2/b.webp', size: 3 },
    ]);
    await store.remove('p/1/a.webp');
    await store.remove('p/1/a.webp');
    expect(await store.get('p/1/a.webp')).toBeNull();
  });

  it('refuses a key that climbs out of its folder', async () => {
    await expect(store.put('../outside.webp', Buffer.from('x'), putOptionsFor('x.webp'))).rejects.toThrow(
      /not a media key/,
    );
    await expect(store.get('p/../../etc/passwd')).rejects.toThrow(/not a media key/);
  });
});
