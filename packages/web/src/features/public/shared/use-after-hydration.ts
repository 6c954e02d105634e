import { startTransition, useEffect, useState } from 'react';

/**
 * False in the prerendered HTML and the first client render, true once the browser is idle after
 * hydration: the moment to fetch a widget's code without competing with the page's first load.
 * The change is a transition, so the widget's first render yields to input.
 */
export function useIdleAfterHydration(timeoutMs = 1500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => startTransition(() => setReady(true)), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => startTransition(() => setReady(true)), 200);
    return () => window.clearTimeout(id);
  }, [timeoutMs]);
  return ready;
}
