/** Starts s3rver for a project whose test apps keep their media in S3; stops it and removes its files after. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
}
