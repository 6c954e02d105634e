import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A message the e2e server's SMTP sink received (e2e/smtp-sink.mjs). */
export interface SmtpMessage {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  attachments: { filename?: string; contentType: string; size: number; pdf: boolean }[];
}

const sinkDir = join(import.meta.dirname, '..', '.data', process.env.E2E_PORT ?? '3210', 'smtp');

function received(): SmtpMessage[] {
  let files: string[];
  try {
    files = readdirSync(sinkDir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(sinkDir, f), 'utf8')) as SmtpMessage);
}

/** Waits until the SMTP server received a message for `to` that `match` accepts. */
export async function waitForSmtpMail(to: string, match: (m: SmtpMessage) => boolean): Promise<SmtpMessage> {
  let found: SmtpMessage | undefined;
  await expect
    .poll(
      () => {
        found = received().find((m) => m.envelopeTo.includes(to) && match(m));
        return Boolean(found);
      },
      { message: `SMTP delivery to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
