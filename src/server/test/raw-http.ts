import { request } from 'node:http';

/** An answer as it came over the socket: status, headers and body bytes (never decompressed). */
export interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One GET over a real socket, body left as sent. Early answers are written before Fastify sees the request, so
 * `inject()` (which bypasses the HTTP server) never meets them: their tests listen on 127.0.0.1 and use this.
 */
export const rawGet = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
