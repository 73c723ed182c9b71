// A fingerprint of everything the build reads, so `npm start` can tell whether dist/ is stale.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const inputs = ['src', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

async function files(entry) {
  const s = await stat(entry).catch(() => undefined);
  if (!s) return [];
  if (!s.isDirectory()) return [[entry, s]];
  const names = await readdir(entry, { recursive: true });
  const out = [];
  for (const name of names) {
    if (name.includes('.test.')) continue;
    const full = path.join(entry, name);
    const fs = await stat(full);
    if (fs.isFile()) out.push([full, fs]);
  }
  return out;
}

export async function sourceStamp() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const [file, s] of (await files(input)).sort(([a], [b]) => a.localeCompare(b))) {
      hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}
