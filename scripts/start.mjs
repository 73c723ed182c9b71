// `npm start`: builds when dist/ is missing or older than the sources, then runs the server in this process.
import { readFile } from 'node:fs/promises';
import { sourceStamp } from './stamp.mjs';

const built = await readFile('dist/.build-stamp', 'utf8').catch(() => '');
if (built !== (await sourceStamp())) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/server.js');
