import { createAdmin } from './admin-command.ts';

/** Entry of `npm run create-admin` (compiled to dist/create-admin.js): see admin-command.ts. */
createAdmin(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('create-admin failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
