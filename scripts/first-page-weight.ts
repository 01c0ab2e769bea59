/**
 * `npm test`'s check of the first page's weight, after it builds the web app: the app's first page
 * (web/dist/index.html), measured as `npm run bench` measures it (bench/first-load.ts), may weigh at
 * most FIRST_PAGE_BUDGET_BYTES on the wire, to the byte. Run with `node --import tsx`.
 */
import path from 'node:path';
import { FIRST_PAGE_BUDGET_BYTES, measureFirstLoad } from '../bench/first-load.js';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const load = measureFirstLoad(dist);
if (!load) {
  console.error(`✗ no web app build in ${dist} to weigh (npm run build -w web)`);
  process.exit(1);
}
// The measure is in KB of 1,000 bytes, each a sum of whole bytes: rounding gives the bytes back exactly.
const javascript = Math.round(load.javascriptKb * 1000);
const css = Math.round(load.cssKb * 1000);
const total = javascript + css;
const figure = `${total.toLocaleString('en')} bytes (JavaScript ${javascript.toLocaleString('en')}, CSS ${css.toLocaleString('en')}; Brotli as sent)`;
const budget = `${FIRST_PAGE_BUDGET_BYTES.toLocaleString('en')} bytes`;
if (total > FIRST_PAGE_BUDGET_BYTES) {
  console.error(`✗ the first page weighs ${figure}, over its budget of ${budget} (bench/first-load.ts)`);
  process.exit(1);
}
console.log(`✓ the first page weighs ${figure}, within its budget of ${budget}`);
