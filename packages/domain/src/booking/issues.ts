import type { Localized } from '../i18n/localized.ts';
import { MESSAGES, type Lang, type MessageKey } from '../i18n/messages.ts';

/**
 * What a rule says when it fails: a message key, the values for its `{placeholders}` and,
 * when one field is at fault, that field's path (e.g. "paxes.2.birthDate"). The wizard shows
 * `issueText(issue, lang)`; the server answers both languages with `localizedWith`.
 */
export interface Issue {
  key: MessageKey;
  params?: Readonly<Record<string, string | number>>;
  path?: string;
}

export const issue = (key: MessageKey, params?: Issue['params'], path?: string): Issue => ({
  key,
  ...(params ? { params } : {}),
  ...(path ? { path } : {}),
});

/** Replace `{name}` with params.name; unknown placeholders stay as written. */
export function fillMessage(text: string, params?: Issue['params']): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}

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
