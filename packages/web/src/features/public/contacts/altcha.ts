import type { AltchaWidgetElement } from 'altcha/types/generic';

/**
 * The self-hosted ALTCHA widget (web component 3.x), downloaded only by the contacts page and
 * only after it has painted. The widget solves the proof of work in Web Workers.
 */
let loading: Promise<void> | undefined;
export function loadAltcha(): Promise<void> {
  loading ??= Promise.all([import('altcha'), import('altcha/i18n/it'), import('altcha/i18n/en')]).then(() => undefined);
  return loading;
}

export type { AltchaWidgetElement };

/** Solves the challenge now (or returns the payload already solved); null when it fails. */
export async function solveCaptcha(widget: AltchaWidgetElement | null): Promise<string | null> {
  if (!widget || typeof widget.verify !== 'function') return null;
  const result = await widget.verify();
  return result?.payload ?? null;
}
