// A real SMTP server for the browser tests: the app delivers every e-mail to it over SMTP
// (SMTP_URL), and each received message is written as JSON to a folder the tests read
// (tests/smtp.ts). The outbox (/api/dev/mailbox) keeps its copy as well.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink(dir) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message = {
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: (mail.attachments ?? []).map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              size: a.size,
              pdf: a.content.subarray(0, 5).toString() === '%PDF-',
            })),
          };
          writeFileSync(join(dir, `${Date.now()}-${++count}.json`), JSON.stringify(message));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
