import { createServer } from 'node:http';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { trustProxyOption, type AppConfig } from '../infra/config';
import type { EarlyAnswers } from '../infra/early-answers';

/** How Fastify itself is set up for the shop: its server, logger, limits, proxies and unroutable paths. */
export const fastifyOptions = (config: AppConfig, early: EarlyAnswers) =>
  ({
    // Anonymous cache hits are answered before Fastify routes them (see EarlyAnswers); all else goes to Fastify.
    serverFactory: (handler) =>
      createServer((req, res) => early.answer(req, res, handler) || handler(req, res)),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // Opening a fresh PGlite folder (initdb) and migrating can take well over Fastify's 10 s default on a busy host.
    pluginTimeout: 120_000,
    // X-Forwarded-For is believed only from configured proxies: otherwise a client could choose its own rate-limit key.
    trustProxy: trustProxyOption(config.trustProxy),
    // A path Fastify cannot decode (a bad percent-escape, bytes that are not UTF-8) is refused before routing: in
    // the shop's error shape, not Fastify's.
    frameworkErrors: (error, _req, reply: FastifyReply) =>
      reply.status(400).send({
        error: 'bad_request',
        message:
          error.code === 'FST_ERR_BAD_URL'
            ? 'path: must be valid percent-encoded UTF-8'
            : 'The request could not be routed.',
      }),
  }) satisfies FastifyServerOptions;
