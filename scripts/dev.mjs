// `npm run dev`: the API in watch mode on API_PORT (3001) and Vite's dev server on 5173, proxying /api and /media.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173' },
  }),
  spawn('node_modules/.bin/vite', ['--config', 'vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
