import type { Config } from '@react-router/dev/config';

/**
 * Framework mode without a runtime server: the build renders the root route into
 * build/client/index.html (the SPA shell the Fastify server falls back to). A later step adds
 * a `prerender` list so public pages paint from static HTML before the JS arrives.
 */
export default {
  appDirectory: 'src',
  ssr: false,
} satisfies Config;
