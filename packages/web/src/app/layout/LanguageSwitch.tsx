import { LANGS, type Lang } from '@heliline/domain/i18n/lang';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { areasFor, loadDictionaries, setLang, storeLang } from '../../i18n/index.ts';
import { langFromPath, localizedPath, usePageLang } from '../../lib/paths.ts';
import classes from './layout.module.css';

const LABEL_KEY: Record<Lang, 'nav.italian' | 'nav.english'> = { it: 'nav.italian', en: 'nav.english' };

/**
 * IT | EN as real links: on a public page each goes to the page's copy in that language (so it
 * works before the JS arrives and crawlers see the alternates); elsewhere the language changes
 * in place. Either way the choice is remembered (localStorage `lang`). Each is named
 * "IT – Italiano" / "EN – English": the name contains the visible code (WCAG 2.5.3 Label in
 * Name), so speech input ("click EN") finds it.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const isPublic = langFromPath(pathname) !== null;

  const choose = (target: Lang, href: string) => async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!isPublic || href === pathname + search + hash) {
      setLang(target);
      return;
    }
    storeLang(target);
    // The other language's texts first, so the page never renders half-translated.
    await loadDictionaries(target, areasFor(href));
    await navigate(href);
  };

  return (
    <nav aria-label={t('nav.language')}>
      <ul className={classes.langSwitch}>
        {LANGS.map((l) => {
          const href = isPublic ? localizedPath(pathname + search + hash, l) : pathname + search + hash;
          return (
            <li key={l}>
              <a
                href={href}
                hrefLang={l}
                lang={l}
                className={classes.langLink}
                aria-current={l === lang ? 'true' : undefined}
                aria-label={`${l.toUpperCase()} – ${t(LABEL_KEY[l])}`}
                onClick={choose(l, href)}
              >
                {l.toUpperCase()}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
