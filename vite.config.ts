import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(root, 'dist/web');
const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes .br and .gz beside every compressible file once, at build time, so the server never compresses per request.
 * The .gz is Zopfli's (the same gzip format, about 3 % smaller than zlib's level 9, at build time only): it keeps the
 * first page's JavaScript within its 100 kB gzip budget (docs/decisions/058-first-page-budget.md).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|ico|webmanifest)$/;
  let dir = outDir;
  return {
    name: 'shop:precompress',
    apply: 'build',
    // Compress where this build actually wrote (a --outDir on the command line included).
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(dir, { recursive: true }))
        .filter((f) => compressible.test(f))
        .map((f) => path.join(dir, f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(data, { numiterations: 15 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: path.join(root, 'src/web'),
  publicDir: path.join(root, 'src/web/public'),
  resolve: { alias: { '@shared': path.join(root, 'src/shared'), '@': path.join(root, 'src/web') } },
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Few, larger chunks compress better than many tiny ones: the framework in one, shared UI in another.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              // Infinite queries and mutations are used only by lazy pages: they stay in those pages' chunks.
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id) &&
                !/infinite|useMutation|mutationObserver/i.test(id),
            },
            // The layout and the few shared pieces every page shows, plus the catalogue and news calls the home page
            // makes (one chunk compresses better). Named one by one: the form UI in components/ui and the rest of
            // lib/ are used by lazy pages only and must not grow the first load.
            {
              name: 'ui',
              test: /features[\\/](catalogue[\\/]components[\\/]product-(grid|card)|news[\\/]components[\\/]news-teasers)\.tsx|src[\\/](web[\\/](app[\\/]layout[\\/]|components[\\/]ui[\\/](error-state|section-heading|spinner|stroke-icon)\.tsx|lib[\\/](api-client|format|notify|shop-info|smooth-scroll|use-document-title|query-keys[\\/](accounts|catalogue|news))\.ts)|web[\\/]features[\\/](catalogue[\\/]api[\\/]get-home-products|news[\\/]api[\\/]get-news)\.ts|shared[\\/]news[\\/]news\.teaser)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
});
