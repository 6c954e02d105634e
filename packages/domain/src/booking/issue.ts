import type { MessageKey } from '../i18n/messages.ts';

/**
 * What a rule says when it fails: a message key, the values for its `{placeholders}` and,
 * when one field is at fault, that field's path (e.g. "paxes.2.birthDate"). `K` narrows the keys a
 * rule can raise: the wizard's rules raise only `WizardMessageKey`s (wizard-messages.ts). This
 * module holds no texts, so the rules can be loaded without every message (issues.ts has them).
 */
export interface Issue<K extends MessageKey = MessageKey> {
  key: K;
  params?: Readonly<Record<string, string | number>>;
  path?: string;
}

export const issue = <K extends MessageKey>(key: K, params?: Issue['params'], path?: string): Issue<K> => ({
  key,
  ...(params ? { params } : {}),
  ...(path ? { path } : {}),
});

/** Replace `{name}` with params.name; unknown placeholders stay as written. */
export function fillMessage(text: string, params?: Issue['params']): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}
