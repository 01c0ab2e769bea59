/** Removes the server's data folder (database, photos, mails) that playwright.config.ts made for this run. */
import fs from 'node:fs';

export default function removeDataDir(): void {
  const dataDir = process.env.AMORA_E2E_DATA_DIR;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
