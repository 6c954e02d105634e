import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server that can be stopped and started again on the same port (the mail server
 * "going down" under a running app). Every message it accepts is kept in `received`.
 */
export class RestartableSmtp {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  /** Listens (on the port it had before, once it has one); `delayMs` slows each message down. */
  async start(delayMs = 0): Promise<void> {
    const received = this.received;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            setTimeout(callback, delayMs);
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  subjects(): string[] {
    return this.received.map((m) => m.subject ?? '');
  }
}
