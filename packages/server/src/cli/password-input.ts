import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** A terminal's stream, or a test's collector. */
export type TextOutput = { write: (text: string) => unknown };

/** Where the password comes from: never a command-line flag (other users can read those in the process list). */
export interface PasswordSource {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stderr: TextOutput;
}

/**
 * HELILINE_ADMIN_PASSWORD, or standard input: typed twice without echo on a terminal, the first
 * line when piped. '' when none was given; throws 'mismatch' when the two typed differ.
 */
export async function readPassword(source: PasswordSource): Promise<string> {
  const fromEnv = source.env.HELILINE_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!source.stdin.isTTY) return firstLine(source.stdin);
  const first = await askHidden(source, 'Password: ');
  if (!first) return '';
  if ((await askHidden(source, 'Password again: ')) !== first) throw new Error('mismatch');
  return first;
}

async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** readline with its echo sent nowhere: what is typed is not shown. Ctrl-C ends the command. */
function askHidden(source: PasswordSource, prompt: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  // The terminal stops echoing once readline has it (raw mode): only then is the prompt shown.
  const rl = createInterface({ input: source.stdin, output: silent, terminal: true });
  source.stderr.write(prompt);
  return new Promise((resolve) => {
    rl.on('SIGINT', () => {
      source.stderr.write('\n');
      process.exit(130);
    });
    rl.question('', (answer) => {
      rl.close();
      source.stderr.write('\n');
      resolve(answer);
    });
  });
}
