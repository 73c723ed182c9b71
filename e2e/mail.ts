import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files: name, type and their first bytes. */
  attachments: { filename: string; contentType: string; head: string }[];
}

function mailsTo(address: string): Mail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.includes(address));
}

/** Waits for a mail to `address` whose subject matches, and returns its first link. */
export async function linkFromMail(address: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(address).find((m) => subject.test(m.subject));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `mail to ${address} matching ${subject}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Waits for a mail to `address` whose subject matches, and returns it. */
export async function mailTo(address: string, subject: RegExp): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(() => (mail = mailsTo(address).find((m) => subject.test(m.subject))), {
      message: `mail to ${address} matching ${subject}`,
      timeout: 15_000,
    })
    .toBeTruthy();
  return mail!;
}

let n = 0;
export const newEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++n}@example.com`;
