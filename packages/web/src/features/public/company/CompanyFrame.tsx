import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { CompanySection } from '../../../lib/paths.ts';
import { useFrameHeight } from '../shared/use-frame-height.ts';
import ui from '../shared/page.module.css';

/** Spec §2/§9: frame height = embedded body height (fallback 680) + 20 px. */
const FRAME_FALLBACK_HEIGHT = 680;
const FRAME_EXTRA = 20;

/** The address asks for the preview variant: any `preview` query flag (e.g. ?preview or ?preview=1). */
function wantsPreview(search: string): boolean {
  return new URLSearchParams(search).has('preview');
}

/**
 * The company page of a section, embedded from /company-pages/{lang}/{page}. The preview flag and
 * the location hash are read after hydration (the prerendered HTML has neither), so the first
 * client render matches the static HTML.
 */
export function CompanyFrame({ section, lang, title }: { section: CompanySection; lang: 'it' | 'en'; title: string }) {
  const location = useLocation();
  const frame = useRef<HTMLIFrameElement>(null);
  const hydrated = useHydrated();
  const suffix = hydrated ? `${wantsPreview(location.search) ? '?preview=1' : ''}${location.hash}` : '';

  const src = `/company-pages/${lang}/${section}${suffix}`;
  const height = useFrameHeight(frame, src, FRAME_FALLBACK_HEIGHT, FRAME_EXTRA);
  return <iframe ref={frame} key={src} className={ui.frame} src={src} title={title} style={{ height }} data-testid="company-frame" />;
}
