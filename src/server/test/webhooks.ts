import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Client } from './auth';
import { waitFor } from './smtp';

export { waitFor };

/** What the receiver does with the next request: answer 2xx, answer an error status, or never answer. */
export type ReceiverAnswer = number | 'hang';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
  /** What the receiver answered. */
  answered: ReceiverAnswer;
}

/**
 * A local receiver, as an integrator would run one: it keeps every request and answers from `script` in turn (then
 * 200). `verify` checks a request with the `standardwebhooks` library, as the manual tells receivers to.
 */
export async function startReceiver(script: ReceiverAnswer[] = [], answerDelayMs = 0) {
  const received: ReceivedWebhook[] = [];
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = script.shift() ?? 200;
      received.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
        json: JSON.parse(body) as ReceivedWebhook['json'],
        answered,
      });
      if (answered === 'hang') hung.push(res);
      else setTimeout(() => res.writeHead(answered).end('ok'), answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    script,
    ofType: (type: string) => received.filter((r) => r.json.type === type),
    verify(secret: string, r: ReceivedWebhook) {
      return new Webhook(secret).verify(r.body, {
        'webhook-id': r.id,
        'webhook-timestamp': r.timestamp,
        'webhook-signature': r.signature,
      });
    },
    close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The env of an app that delivers to a local receiver quickly. */
export const fastWebhooks = {
  OUTBOUND_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SECONDS: '1',
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_DISPATCH_MS: '100',
  JOBS_POLL_MS: '500',
};

/** Adds an endpoint as the admin does; answers it with its secret. */
export async function addEndpoint(app: FastifyInstance, admin: Client, url: string, events: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: admin.headers,
    payload: { url, description: 'ERP', events },
  });
  if (res.statusCode !== 201) throw new Error(`endpoint not added: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; secret: string; enabled: boolean };
}

/** The configuration of both instances of the crash test: they share the server secret that seals the signing secret. */
export const crashWorkerEnv = {
  ...fastWebhooks,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  BASE_URL: 'http://localhost:3000',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  WEBHOOK_TIMEOUT_MS: '10000',
};
