/**
 * `npm run lint`'s check of the house rule on length: no hand-written .ts, .tsx, .js, .mjs or .cjs
 * file over 400 lines, no .scss file over 600. It reads the files git tracks and the new ones it
 * does not ignore, as they are in the working tree, and fails naming each file over its limit.
 * Run with `node --import tsx`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const LIMITS: Record<string, number> = { '.ts': 400, '.tsx': 400, '.js': 400, '.mjs': 400, '.cjs': 400, '.scss': 600 };

/**
 * Files the rule does not hold, each with its reason. Generated files would go here (no generated
 * file of these kinds is tracked today: the lockfile is JSON, built output is ignored, and the
 * migrations are hand-written, so they count).
 */
const ALLOWED = new Map<string, string>([]);

function candidateFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split('\0').filter((file) => file !== '' && path.extname(file) in LIMITS);
}

function lineCount(file: string): number | null {
  const full = path.join(root, file);
  // Deleted in the working tree but not yet in the index.
  if (!fs.existsSync(full)) return null;
  const text = fs.readFileSync(full, 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const tooLong: string[] = [];
for (const file of candidateFiles()) {
  const lines = lineCount(file);
  const limit = LIMITS[path.extname(file)] ?? Number.POSITIVE_INFINITY;
  if (lines !== null && lines > limit && !ALLOWED.has(file)) tooLong.push(`${file}: ${lines} lines (at most ${limit})`);
}
if (tooLong.length > 0) {
  console.error(
    `Files over the length limit; split them along their seams:\n${tooLong.map((line) => `  ${line}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`No hand-written file over its limit (${ALLOWED.size} allowed by name in scripts/file-lengths.ts).`);
