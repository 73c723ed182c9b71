import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../infra/config';
import { captureMailer } from './helper';

/** A TCP server on 127.0.0.1 that accepts connections and never says a word: a hung database. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real database; `freeze()` stops passing bytes both ways while keeping every
 * connection open (a database that hangs mid-query; what is sent meanwhile is lost), `thaw()` resumes. `stall()` stops
 * reading instead, so what is sent meanwhile (a query, the server's answer or its goodbye) arrives after `thaw()`,
 * as after a network stall or a paused server. `refuse()` drops every connection and stops listening (a stopped
 * server: connections are refused) until `reopen()`; `delay(ms)` holds what clients send for that long before passing
 * it on (a slow link; answers come back at once).
 */
export async function startProxy(target: { host: string; port: number }) {
  let frozen = false;
  let stalled = false;
  let delayMs = 0;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    if (stalled) for (const s of pair) s.pause();
    const pass = (from: net.Socket, to: net.Socket, delayed: boolean) =>
      from.on('data', (chunk) => {
        if (frozen) return;
        // Timers of one duration fire in the order they were set: the bytes keep their order.
        if (delayed && delayMs > 0) setTimeout(() => !to.destroyed && to.write(chunk), delayMs);
        else to.write(chunk);
      });
    pass(client, upstream, true);
    pass(upstream, client, false);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const s of pair) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
  };
  return {
    port,
    delay(ms: number) {
      delayMs = ms;
    },
    refuse: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
    reopen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    freeze() {
      frozen = true;
    },
    stall() {
      stalled = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    thaw() {
      frozen = false;
      stalled = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on: a stopped database. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The app pointed at `databaseUrl` without touching it at build time (no migrations, no seed, no admin). */
export async function appOnDatabase(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-fault-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    BASE_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
    DB_CONNECT_TIMEOUT_MS: '500',
    DB_STATEMENT_TIMEOUT_MS: '1000',
    ...env,
  });
  const app = await buildApp(config, { skipMigrations: true, mailer: captureMailer() });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
