import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundPoster } from './outbound';

let server: Server;
let base = '';
const received: { url: string; body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        body,
        signature: req.headers['x-signature'] as string | undefined,
      });
      if (req.url === '/redirect') {
        res.writeHead(307, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else if (req.url === '/big') {
        res.end('x'.repeat(200_000));
      } else {
        res.writeHead(202, { 'content-type': 'text/plain' }).end(`got ${body.length}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('outboundPoster', () => {
  const post = (allowPrivate: boolean, url: string, extra: { timeoutMs?: number } = {}) =>
    outboundPoster(allowPrivate)({ url, body: 'hello', headers: { 'x-signature': 'v1,abc' }, ...extra });

  it('refuses http, loopback and private addresses by default, before connecting', async () => {
    const before = received.length;
    await expect(post(false, `${base}/hook`)).rejects.toThrow(/must be an https URL/);
    await expect(post(false, 'https://127.0.0.1/hook')).rejects.toThrow(/private or local network/);
    await expect(post(false, 'https://[::1]/hook')).rejects.toThrow(/private or local network/);
    await expect(post(false, 'https://10.1.2.3/hook')).rejects.toThrow(/private or local network/);
    await expect(post(false, 'https://169.254.169.254/latest')).rejects.toThrow(/private or local network/);
    // A name is checked where it resolves, at connection time.
    await expect(post(false, 'https://localhost/hook')).rejects.toThrow(OutboundError);
    await expect(post(false, 'not a url')).rejects.toThrow(/not a valid URL/);
    expect(received.length).toBe(before);
  });

  it('posts the body and headers and returns the answer when private addresses are allowed', async () => {
    const answer = await post(true, `${base}/hook`);
    expect(answer.status).toBe(202);
    expect(answer.body).toBe('got 5');
    expect(received.at(-1)).toEqual({ url: '/hook', body: 'hello', signature: 'v1,abc' });
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const answer = await post(true, `${base}/redirect`);
    expect(answer.status).toBe(307);
    expect(received.at(-1)?.url).toBe('/redirect');
  });

  it('gives up after its timeout and keeps only the start of a large answer', async () => {
    await expect(post(true, `${base}/slow`, { timeoutMs: 300 })).rejects.toThrow(
      /did not answer within 0.3 s/,
    );
    const big = await post(true, `${base}/big`);
    expect(big.body.length).toBe(64 * 1024);
    await expect(post(true, 'http://127.0.0.1:1/closed')).rejects.toThrow(/could not be reached/);
  });
});
