import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this module whether it runs from src/ (tsx, vitest) or from the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const rootDir = findRoot();
export const migrationsDir = path.join(rootDir, 'src/server/db/migrations');
export const seedImagesDir = path.join(rootDir, 'src/server/seed/images');
export const webDistDir = path.join(rootDir, 'dist/web');
