#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then serves.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web/src', 'web/index.html', 'web/public', 'common/src', 'common/locales'].map((p) =>
  path.join(root, p),
);
const sourcesChanged = () => {
  const built = fs.statSync(builtIndex).mtimeMs;
  return sources.some(
    (source) => (fs.statSync(source).isDirectory() ? newestMtime(source) : fs.statSync(source).mtimeMs) > built,
  );
};

if (!fs.existsSync(builtIndex) || sourcesChanged()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
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
