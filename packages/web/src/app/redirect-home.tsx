import { homePathOf } from '@heliline/domain/i18n/lang';
import { redirect, type ClientLoaderFunctionArgs } from 'react-router';

/**
 * /setup-email and any unknown path redirect to home (spec §2), in the language of the path:
 * '/en/…' → '/en'. The server redirects the same way for a page load (plugins/web.ts); this
 * covers a client-side navigation to such a path.
 */
export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return redirect(homePathOf(new URL(request.url).pathname));
}

export default function RedirectHome() {
  return null;
}
