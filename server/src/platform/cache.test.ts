import { describe, expect, it } from 'vitest';
import { BoundedCache } from './cache.js';

describe('BoundedCache', () => {
  it('never holds more than its bound, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i, 60_000);
    cache.get('a');
    cache.set('d', 3, 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(0);
    for (let i = 0; i < 10_000; i++) cache.set(`junk-${i}`, i, 60_000);
    expect(cache.size).toBe(3);
  });

  it('forgets an entry once its time to live is over', () => {
    let now = 0;
    const cache = new BoundedCache<string, string | null>(10, () => now);
    cache.set('miss', null, 5_000);
    cache.set('hit', 'site', 30_000);
    now = 5_000;
    expect(cache.has('miss')).toBe(false);
    expect(cache.get('hit')).toBe('site');
    now = 30_000;
    expect(cache.get('hit')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
