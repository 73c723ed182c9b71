// Production build: the web app with Vite (pre-compressed), and the server and the web app's server entry bundled by
// esbuild into dist/.
import { writeFile } from 'node:fs/promises';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { writeFeatureList } from './feature-list.mjs';
import { sourceStamp } from './stamp.mjs';

export async function buildAll({ quiet = false } = {}) {
  const t0 = Date.now();
  // The server registers the features its folders declare: the list is written from them, so the bundle has them all.
  await writeFeatureList();
  await viteBuild({ configFile: 'vite.config.ts', logLevel: quiet ? 'warn' : 'info' });
  await esbuild({
    entryPoints: ['src/server/server.ts'],
    outfile: 'dist/server/server.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The web app's server entry, apart from the server (which may not import the web app): the server loads it from
  // beside itself to render the public pages (docs/decisions/056-server-rendering.md).
  await esbuild({
    entryPoints: ['src/web/server-render.tsx'],
    outfile: 'dist/server/render.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: true,
    logLevel: 'warning',
  });
  await writeFile('dist/.build-stamp', await sourceStamp());
  if (!quiet) console.log(`built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
