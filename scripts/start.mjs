#!/usr/bin/env node
// `npm start`: builds the web app and the server (`npm run build`) when a build is missing or older
// than its sources, then serves the compiled server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const modified = (source) => {
  const full = path.join(root, source);
  return fs.statSync(full).isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
};
/** Whether `built` is missing or older than any of its sources. */
const stale = (built, sources) =>
  !fs.existsSync(path.join(root, built)) ||
  sources.some((source) => modified(source) > fs.statSync(path.join(root, built)).mtimeMs);

function build(title, args) {
  console.log(`Building ${title}…`);
  const result = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('web/dist/index.html', ['web/src', 'web/index.html', 'web/public', 'common/src', 'common/locales']))
  build('the web app', ['npm', 'run', 'build', '-w', 'web']);
if (stale('server/dist/main.js', ['server/src', 'common/src']))
  build('the server', [process.execPath, 'scripts/build-server.mjs']);

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));
// `kill <pid of npm start>` ends npm without passing the signal on: this script is then handed to
// another parent, and takes that as the sign to stop the server too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
