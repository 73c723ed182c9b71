import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface TestSmtp {
  port: number;
  received: ParsedMail[];
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A local SMTP server that parses and keeps every mail. With `acceptDelayMs`, each mail is kept as soon as its data is
 * in and acknowledged (250) only that much later: a sender that dies meanwhile has its mail delivered unknowingly.
 */
export async function startSmtp(port = 0, { acceptDelayMs = 0 } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          if (acceptDelayMs) setTimeout(() => callback(), acceptDelayMs);
          else callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Accepts connections and never says a word: an SMTP server that hangs before its greeting. */
export async function startSilentServer(): Promise<{
  port: number;
  connections: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  const state = { port: 0, connections: 0, close };
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  function close() {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return state;
}

/** Waits until `check` returns a value, polling; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
