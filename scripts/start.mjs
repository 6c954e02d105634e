#!/usr/bin/env node
// `npm start`: build the web app and the server when a build is missing or older than its sources,
// then run the compiled server with plain Node (it migrates, seeds an empty database and listens).
import { spawn } from 'node:child_process';
import { ensureBuilt, ROOT, SERVER_ENTRY, SERVER_NODE_FLAGS } from './ensure-built.mjs';

ensureBuilt(['web', 'server']);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
