/**
 * Runs work at most `limit` at a time; the rest waits in line, first come first served. For work
 * that costs memory by the piece, such as decoding images.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The next in line takes over this slot, so `running` only drops when nobody waits.
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
      else running--;
    }
  };
}
