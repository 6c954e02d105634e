import type { Localized } from '../i18n/localized.ts';
import { MESSAGES, type Lang, type MessageKey } from '../i18n/messages.ts';

import { fillMessage, type Issue } from './issue.ts';

/** The server's side of the rules' issues: their texts in both languages (the wizard's: wizard-messages.ts). */
export { fillMessage, issue, type Issue } from './issue.ts';

export function localizedWith(key: MessageKey, params?: Issue['params']): Localized {
  const m = MESSAGES[key];
  return { it: fillMessage(m.it, params), en: fillMessage(m.en, params) };
}

export function issueText(i: Issue, lang: Lang): string {
  return fillMessage(MESSAGES[i.key][lang], i.params);
}

/** Issues grouped by path for a 422 `errors` object (issues without a path go under `form`). */
export function issuesByPath(issues: readonly Issue[], lang: Lang): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[i.path ?? 'form'] ??= []).push(issueText(i, lang));
  return out;
}
