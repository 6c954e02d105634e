import { useLocation } from 'react-router';
import { alternatesOf, hasCounterpart, langFromPath } from '../../lib/paths.ts';

/**
 * On a prerendered public page, a visitor whose stored language differs from the page's goes to
 * the page's copy in that language before anything paints: the script comes first in the body.
 * SiteShell's language sync applies the same rule on client navigations, after hydration (a
 * script React renders on the client never runs). Rendered by the root route's component, so
 * the SPA fallback (its HydrateFallback) has none.
 */
export function LanguageRedirect() {
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const copies = hasCounterpart(pathname) ? alternatesOf(pathname) : null;
  if (!lang || !copies) return null;
  const other = lang === 'it' ? 'en' : 'it';
  const script = `try{if(localStorage.getItem("lang")===${JSON.stringify(other)})location.replace(${JSON.stringify(copies[other])}+location.search+location.hash)}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
