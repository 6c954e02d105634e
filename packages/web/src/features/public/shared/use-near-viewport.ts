import { type RefObject, useEffect, useState } from 'react';

/**
 * False in the prerendered HTML and the first client render; true, for good, once the element is
 * within `margin` of the viewport or takes the keyboard's focus. For what is costly to build and
 * not needed off-screen: a video's native controls (a shadow tree whose icons are SVG images, each
 * a small document) cost a phone's main thread a long task while the page loads.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    const onFocus = () => setNear(true);
    el.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      el.removeEventListener('focusin', onFocus);
    };
  }, [element, margin, near]);
  return near;
}
