import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A local SMTP server for the shop under test; every mail is parsed and written as JSON for the tests to read. */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address),
          );
          const file = path.join(dir, `${Date.now()}-${++n}.json`);
          writeFileSync(
            file,
            JSON.stringify({
              to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html || '',
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                head: a.content.subarray(0, 5).toString('latin1'),
              })),
            }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
