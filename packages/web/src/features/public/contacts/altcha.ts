import type { AltchaWidgetElement } from 'altcha/types/generic';
import pbkdf2WorkerUrl from 'altcha/workers/pbkdf2?url';

/**
 * The self-hosted ALTCHA widget (web component 3.x), downloaded only by the contacts page and
 * only once the visitor touches its form. The widget solves the proof of work in Web Workers; by default it
 * builds them from blob: URLs, which a strict CSP (worker-src falling back to script-src 'self')
 * refuses, so the PBKDF2 worker is served as our own hashed asset instead.
 */
let loading: Promise<void> | undefined;
export function loadAltcha(): Promise<void> {
  loading ??= Promise.all([import('altcha'), import('altcha/i18n/it'), import('altcha/i18n/en')]).then(() => {
    const registry = (globalThis as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      registry?.algorithms.set(algorithm, () => new Worker(pbkdf2WorkerUrl, { name: 'altcha-pbkdf2' }));
    }
  });
  return loading;
}

export type { AltchaWidgetElement };

/** Solves the challenge now (or returns the payload already solved); null when it fails. */
export async function solveCaptcha(widget: AltchaWidgetElement | null): Promise<string | null> {
  if (!widget || typeof widget.verify !== 'function') return null;
  const result = await widget.verify();
  return result?.payload ?? null;
}

/** A promise of the widget's element, settled from outside (the element's ref, a failed load). */
export function widgetMounted(): { promise: Promise<AltchaWidgetElement>; resolve: (el: AltchaWidgetElement) => void; reject: (e: unknown) => void } {
  let resolve!: (el: AltchaWidgetElement) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<AltchaWidgetElement>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
