import { type RefObject, useEffect, useState } from 'react';

/** Heights the embedded page may post: the company pages send {type: 'heliline:frame-height', height} on load and resize. */
function heightFromMessage(data: unknown): number | null {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    const h = (data as { height?: unknown }).height ?? (data as { frameHeight?: unknown }).frameHeight;
    if (typeof h === 'number') return h;
  }
  return null;
}

const valid = (h: number | null): h is number => h !== null && Number.isFinite(h) && h > 0 && h < 100_000;

/**
 * Height of a same-origin iframe: its body height (read on load and on every resize of the
 * body) plus `extra`, or `fallback + extra` when the body can't be read. A height posted by the
 * embedded page (postMessage, from that frame only) also counts, for pages hosted elsewhere.
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
        body = null; // another origin: rely on postMessage
      }
      const h = body ? Math.ceil(body.getBoundingClientRect().height) : null;
      setHeight((valid(h) ? h : fallback) + extra);
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
      /* another origin */
    }
    const onMessage = (e: MessageEvent) => {
      if (e.source !== el.contentWindow) return;
      const h = heightFromMessage(e.data);
      if (valid(h)) setHeight(Math.ceil(h) + extra);
    };
    window.addEventListener('message', onMessage);
    return () => {
      el.removeEventListener('load', onLoad);
      window.removeEventListener('message', onMessage);
      observer?.disconnect();
    };
  }, [frame, src, fallback, extra]);
  return height;
}
