import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise every mail is written to DATA_DIR/outbox/*.eml and its links are logged. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, ...m });
        log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.mailFrom, ...m });
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
  }
}

/** `app.mailer`: the configured one, or the caller's (tests capture mail); closed with the app. */
export const mailerPlugin = fp<{ mailer?: Mailer | undefined }>(
  async (app, opts) => {
    const mailer = opts.mailer ?? createMailer(app.config, app.log);
    app.addHook('onClose', async () => mailer.close());
    app.decorate('mailer', mailer);
  },
  { name: 'mailer', dependencies: ['config'] },
);
