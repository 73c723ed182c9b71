// Baseline 1: a bare fastify server answering one fixed JSON body (BENCH_BODY_FILE) on every path. Nothing the shop
// does per request (routing, hooks, auth, cache lookup) happens here: it is the ceiling for a cached read.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BENCH_BODY_FILE!);
const app = Fastify({ logger: false });
app.get('/*', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
