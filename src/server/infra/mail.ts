import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db, Tx } from './db';
import type { JobQueue } from './jobs';
import { registerQueueDepth } from './metrics';

/**
 * A file a queued mail carries, named by where it comes from (a source registered on `app.mailAttachments`) and its
 * id there. The job stores only this reference; the file is made when the mail goes out, so a request never waits
 * for it and the job stays small.
 */
export interface MailAttachmentRef {
  source: string;
  id: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachmentRef[] | undefined;
}

/** An attached file as the transport sends it. */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail as it is delivered: its attachments made. */
export type OutgoingMail = Omit<MailMessage, 'attachments'> & {
  attachments?: MailFile[];
  /**
   * Stable for every attempt at the same mail (its job's id): it becomes the Message-ID, so a receiver can drop the
   * copy a retry sends when a crash came between the SMTP server's acceptance and the job's completion.
   */
  id?: string;
};

/** `<id@domain of MAIL_FROM>`: a Message-ID that names the shop. */
const messageIdOf = (id: string, mailFrom: string) =>
  `<${id}@${/@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'shop.invalid'}>`;

/** Where attachments come from: each source makes its file from an id when the mail job runs. */
export class MailAttachments {
  private readonly sources = new Map<string, (id: string) => Promise<MailFile>>();

  define(source: string, make: (id: string) => Promise<MailFile>) {
    this.sources.set(source, make);
  }

  /** Makes the files of a mail; a failure (say, the database is down) fails the attempt, and the job retries. */
  async make(refs: MailAttachmentRef[] = []): Promise<MailFile[]> {
    const files: MailFile[] = [];
    for (const ref of refs) {
      const make = this.sources.get(ref.source);
      if (!make) throw new Error(`no mail attachment source "${ref.source}"`);
      files.push(await make(ref.id));
    }
    return files;
  }
}

export interface Mailer {
  /**
   * Queues a mail and resolves once it is stored; a worker delivers it, retrying while SMTP is unreachable. With
   * `tx`, the mail is stored in the caller's transaction and goes out only if that commits.
   */
  send(message: MailMessage, opts?: { tx?: Tx | Db | undefined }): Promise<void>;
  close(): void;
}

/** What actually delivers a queued mail. */
export interface MailTransport {
  deliver(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailDelivery {
  /** Connection, greeting and socket inactivity limits: a dead or silent server fails an attempt quickly. */
  smtpTimeoutMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export const MAIL_JOB = 'mail';

/** SMTP when SMTP_URL is set; otherwise every mail is written to DATA_DIR/outbox/*.eml and its links are logged. */
export function createMailTransport(config: AppConfig, log: FastifyBaseLogger): MailTransport {
  if (config.smtpUrl) {
    const t = config.mail.smtpTimeoutMs;
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: t,
      greetingTimeout: t,
      socketTimeout: t,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async deliver({ id, ...m }) {
        const messageId = id ? messageIdOf(id, config.mailFrom) : undefined;
        await transport.sendMail({ from: config.mailFrom, ...m, ...(messageId && { messageId }) });
        log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver({ id, ...m }) {
      const messageId = id ? messageIdOf(id, config.mailFrom) : undefined;
      const info = await transport.sendMail({ from: config.mailFrom, ...m, ...(messageId && { messageId }) });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // Without SMTP the links are how a developer follows a verification or reset mail.
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: m.to, subject: m.subject, file, links }, 'mail written to outbox (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}

/** The mail job type on the queue, delivered through `transport`, and the mailer that enqueues it. */
export function createQueuedMailer(
  queue: JobQueue,
  transport: MailTransport,
  delivery: MailDelivery,
  attachments = new MailAttachments(),
): Mailer {
  queue.define<MailMessage>(
    MAIL_JOB,
    {
      retryLimit: delivery.retryLimit,
      retryDelaySeconds: delivery.retryDelaySeconds,
      // Far above the SMTP timeouts: only a worker that died mid-delivery leaves a job active that long.
      expireInSeconds: Math.max(60, Math.ceil((delivery.smtpTimeoutMs * 6) / 1000)),
      // One mail at a time, each recorded as sent once the SMTP server accepted it and before the next goes: a crash
      // repeats at most the mail in progress (same Message-ID), not every mail of a batch delivered side by side.
      batchSize: 1,
    },
    async ({ attachments: refs, ...message }, job) =>
      transport.deliver({ ...message, id: `mail-${job.id}`, attachments: await attachments.make(refs) }),
  );
  return {
    async send(message, { tx } = {}) {
      await queue.send(MAIL_JOB, message, { tx });
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A plain, client-safe mail: a greeting, paragraphs, one call-to-action link, and the shop's signature. */
export function composeMail(
  shopName: string,
  opts: {
    to: string;
    subject: string;
    greeting: string;
    paragraphs: string[];
    action?: { label: string; url: string };
  },
): MailMessage {
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    `— ${shopName}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<p>${escapeHtml(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${opts.action ? `<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#4b5563">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>` : ''}
<p>— ${escapeHtml(shopName)}</p>
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Sources of files that queued mails attach (registered by features, used by the mail job). */
    mailAttachments: MailAttachments;
  }
}

/**
 * `app.mailer` queues mail as jobs delivered by `app.jobs` through SMTP (or the outbox folder). Tests may pass
 * their own mailer, which then replaces the queue for mail the app sends. Closed with the app.
 */
export const mailerPlugin = fp<{ mailer?: Mailer | undefined }>(
  async (app, opts) => {
    const attachments = new MailAttachments();
    const transport = createMailTransport(app.config, app.log);
    const queued = createQueuedMailer(app.jobs, transport, app.config.mail, attachments);
    const mailer = opts.mailer ?? queued;
    registerQueueDepth(app, MAIL_JOB, async () => (await app.jobs.depth())[MAIL_JOB]?.pending ?? 0);
    app.addHook('onClose', async () => {
      queued.close();
      if (mailer !== queued) mailer.close();
    });
    app.decorate('mailer', mailer);
    app.decorate('mailAttachments', attachments);
  },
  { name: 'mailer', dependencies: ['config', 'jobs', 'metrics'] },
);
