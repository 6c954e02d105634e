import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundJson } from './errors.ts';

export const WEB_BUILD_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/build/client');

/** Paths the server answers itself; everything else that is a GET is the web app's. */
const SERVER_PATHS = /^\/(api|sanctum|email|dev\/mailbox|company-pages|timetable-grid)(\/|$)/;

/**
 * Hosts the built web app: hashed assets with a year-long immutable cache (precompressed
 * .br/.gz when the build made them), prerendered pages as they are, and the SPA fallback
 * for client-only routes.
 */
export interface WebPluginOptions {
  /** The built web app (tests pass a folder of their own). */
  root?: string;
}

/** Developer-only pages of the web app (the test login panel): not served in production. */
const DEV_PAGES = /^\/dev(\/|$)/;

export const webPlugin = fp(async (app: FastifyInstance, options: WebPluginOptions) => {
  const root = options.root ?? WEB_BUILD_DIR;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn(`web build not found at ${root}: run npm run build`);
    app.setNotFoundHandler(notFoundJson);
    return;
  }
  const fallback = ['__spa-fallback.html', 'index.html'].find((f) => existsSync(join(root, f)))!;
  const assetsDir = join(root, 'assets');

  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: ['index.html'],
    redirect: false,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const page = (req.method === 'GET' || req.method === 'HEAD') && !SERVER_PATHS.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (page && !(app.config.production && DEV_PAGES.test(path))) {
      return reply.header('cache-control', 'no-cache').sendFile(fallback);
    }
    return notFoundJson(req, reply);
  });
});
