import { type RefObject, useEffect, useState } from 'react';

/**
 * Height of a same-origin iframe (the company pages, the timetable's week grid): its body height,
 * read on load and on every resize of the body, plus `extra`; `fallback + extra` until then or
 * when the body can't be read. The embedded pages run no script (server
 * modules/content/embedded-page.ts), so the embedding page does the measuring.
 */
export function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>, src: string, fallback: number, extra: number): number {
  const [height, setHeight] = useState(fallback + extra);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      let body: HTMLElement | null | undefined;
      try {
        body = el.contentDocument?.body;
      } catch {
        body = null; // not readable (another origin)
      }
      const h = body ? Math.ceil(body.getBoundingClientRect().height) : null;
      setHeight((h !== null && h > 0 && h < 100_000 ? h : fallback) + extra);
      return body;
    };
    const onLoad = () => {
      observer?.disconnect();
      const body = measure();
      if (body && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => measure());
        observer.observe(body);
      }
    };
    el.addEventListener('load', onLoad);
    // A prerendered frame may have finished loading before hydration attached the listener.
    try {
      if (el.contentDocument?.readyState === 'complete' && el.contentDocument.body?.childElementCount) onLoad();
    } catch {
      /* not readable */
    }
    return () => {
      el.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, [frame, src, fallback, extra]);
  return height;
}
