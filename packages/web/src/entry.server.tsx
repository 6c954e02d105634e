import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { ALL_AREAS, prepareI18n } from './i18n/index.ts';
import { langFromPath } from './lib/paths.ts';

const ABORT_AFTER_MS = 10_000;

/**
 * Rendering happens only at build time (ssr: false): the prerendered public pages (each in the
 * language of its URL) and the SPA fallback (Italian). Wait for the whole tree, as a static
 * generator should. Pages render one after another, so the shared i18n instance is safe here.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext): Promise<Response> {
  await prepareI18n(langFromPath(new URL(request.url).pathname) ?? 'it', ALL_AREAS);
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
    setTimeout(abort, ABORT_AFTER_MS);
  });
}
