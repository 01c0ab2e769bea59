import { describe, expect, it } from 'vitest';
import { createLimiter } from './concurrency.js';

describe('createLimiter', () => {
  it('runs at most its limit at once and all of the work in the end, failures included', async () => {
    const run = createLimiter(2);
    let running = 0;
    let most = 0;
    const job = (i: number) =>
      run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        if (i === 3) throw new Error('bad image');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => job(i)));
    expect(most).toBe(2);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    expect(await job(9)).toBe(9);
  });
});
