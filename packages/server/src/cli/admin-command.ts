import { parseArgs } from 'node:util';
import { isPrintableName, localized, type MessageKey, TEXT_MAX_LENGTH, ZEmail, ZNewPassword } from '@heliline/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { type AdminInput, ensureAdmin } from './admin-account.ts';
import { type PasswordSource, readPassword, type TextOutput } from './password-input.ts';

/**
 * The command behind `npm run create-admin -- --email <address> [--name "<first> <last>"]` (issue 51 item 1): the
 * first Admin, on the database the server is configured for (migrated first). The password
 * comes from standard input or HELILINE_ADMIN_PASSWORD, with sign-up's rules. Exit 0 when done,
 * 2 for a refused input (nothing written), 1 when the configuration or the database fails.
 */
const USAGE = 'usage: npm run create-admin -- --email <address> [--name "<first> <last>"]   (password on standard input or in HELILINE_ADMIN_PASSWORD)';

class Refused extends Error {}

const english = (key: MessageKey) => localized(key).en;

/** The arguments, checked without ever echoing a value back (a password typed as an argument must not reach the terminal's log). */
function parse(argv: string[]): AdminInput {
  const { values, tokens } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') throw new Refused('unexpected argument: only --email and --name are taken (the password is never an argument)');
    if (token.kind === 'option' && token.name !== 'email' && token.name !== 'name') {
      throw new Refused(`unknown option ${token.rawName}${token.name === 'password' ? ': the password is read from standard input or HELILINE_ADMIN_PASSWORD' : ''}`);
    }
    if (token.kind === 'option' && typeof token.value !== 'string') throw new Refused(`${token.rawName} needs a value`);
  }
  if (values.email === undefined) throw new Refused('--email is required');
  const email = ZEmail.safeParse(values.email);
  if (!email.success) throw new Refused(`--email: ${english(email.error.issues[0]!.message as MessageKey)}`);
  return { email: email.data, name: values.name === undefined ? null : parseName(String(values.name)) };
}

/** "<first> <last>": the first word is the first name, the rest the last name ("Maria De Santis"). */
function parseName(value: string): AdminInput['name'] {
  const [firstname, ...rest] = value.trim().split(/\s+/);
  const lastname = rest.join(' ');
  if (!firstname || !lastname) throw new Refused('--name needs a first and a last name, e.g. --name "Maria Rossi"');
  if (value.length > TEXT_MAX_LENGTH) throw new Refused(`--name: ${english('tooLong')}`);
  if (!isPrintableName(firstname)) throw new Refused(`--name: ${english('firstnameNotPrintable')}`);
  if (!isPrintableName(lastname)) throw new Refused(`--name: ${english('lastnameNotPrintable')}`);
  return { firstname, lastname };
}

async function checkedPassword(io: PasswordSource): Promise<string> {
  const password = await readPassword(io).catch(() => {
    throw new Refused(`password: ${english('passwordMismatch')}`);
  });
  if (!password) throw new Refused('no password: pipe it on standard input or set HELILINE_ADMIN_PASSWORD');
  const strength = ZNewPassword.safeParse(password);
  if (!strength.success) throw new Refused(`password: ${english(strength.error.issues[0]!.message as MessageKey)}`);
  return password;
}

const OUTCOME = {
  created: (email: string, appUrl: string) => `${email}: Admin account created, e-mail verified. Log in at ${appUrl}/login.`,
  granted: (email: string) => `${email}: the existing account now has the Admin role and a verified e-mail (its password is unchanged).`,
  unchanged: (email: string) => `${email}: already a verified Admin; nothing changed.`,
};

export interface CommandIo extends PasswordSource {
  stdout: TextOutput;
}

/** The command; returns its exit code. Configuration from io.env, as the server reads it. */
export async function createAdmin(argv: string[], io: CommandIo): Promise<number> {
  const say = (stream: TextOutput, line: string) => stream.write(`${line}\n`);
  let input: AdminInput;
  let config;
  try {
    input = parse(argv);
    config = loadConfig(io.env);
  } catch (err) {
    if (!(err instanceof Refused) && !(err instanceof ConfigError)) throw err;
    say(io.stderr, err.message);
    if (err instanceof Refused) say(io.stderr, USAGE);
    return err instanceof Refused ? 2 : 1;
  }
  const database = await openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const outcome = await ensureAdmin(database, input, () => checkedPassword(io));
    say(io.stdout, OUTCOME[outcome](input.email, config.appUrl));
    return 0;
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    say(io.stderr, err.message);
    return 2;
  } finally {
    await database.close();
  }
}
