import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { areasFor, loadDictionaries, prepareI18n, readStoredLang } from './i18n/index.ts';
import { langFromPath } from './lib/paths.ts';

/**
 * Hydrates in the language the HTML was rendered in: the URL's on public pages, Italian for the
 * SPA fallback of the other screens (their stored choice is applied after hydration, see
 * SiteShell). Only that language's dictionaries are awaited; the stored choice, when different,
 * loads in parallel so the switch after hydration is instant.
 */
const { pathname } = window.location;
const urlLang = langFromPath(pathname);
const areas = areasFor(pathname);
const stored = readStoredLang();
if (stored && stored !== (urlLang ?? 'it')) void loadDictionaries(stored, areas);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A dictionary that fails to load (offline) must not leave the page without its JavaScript:
// hydrate anyway; the texts already on screen stay, and the next navigation tries again.
void prepareI18n(urlLang ?? 'it', areas).then(hydrate, hydrate);
