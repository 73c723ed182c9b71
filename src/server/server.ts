import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './infra/config';
import { webDistDir } from './infra/paths';
import { DirLockedError } from './infra/dir-lock';

const SHUTDOWN_GRACE_MS = 10_000;
/** Time left for the 503s to reach their clients before the process exits. */
const ANSWER_BEFORE_EXIT_MS = 1_500;

async function main() {
  let config;
  try {
    config = loadConfig(process.env, {
      webDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // Shortly before giving up, whatever is still waiting (on a stuck database, say) is told to try again.
    const answer = setTimeout(() => {
      const answered = app.answerUnfinished();
      if (answered) app.log.warn({ answered }, 'answered unfinished requests with 503 before exiting');
    }, SHUTDOWN_GRACE_MS - ANSWER_BEFORE_EXIT_MS);
    answer.unref();
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.baseUrlDefaulted && config.env === 'production') {
    app.log.warn(
      `BASE_URL is not set: mail links point to ${config.baseUrl} and browsers may sign up and write only from there. ` +
        'Set BASE_URL to the public address of the shop (e.g. https://shop.example.com).',
    );
  }
  app.log.info(`${config.shop.name} is open: browse to ${config.baseUrl}`);
}

main().catch((err) => {
  console.error(err instanceof DirLockedError ? err.message : err);
  process.exit(1);
});
