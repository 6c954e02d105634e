import { useSyncExternalStore } from 'react';
import i18n, { type TFunction } from './i18next.ts';

/**
 * The part of react-i18next the app uses (Vite aliases 'react-i18next' here, see i18next.ts):
 * `useTranslation()` re-renders on a language change or new texts; `initReactI18next` is the
 * plugin object `i18n.use()` expects.
 */
export const initReactI18next = { type: '3rdParty' as const, init: () => undefined };

let version = 0;
const listeners = new Set<() => void>();
const bump = () => {
  version += 1;
  for (const l of listeners) l();
};
i18n.on('languageChanged', bump).on('added', bump);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => version;

type UseTranslation = [TFunction, typeof i18n, boolean] & { t: TFunction; i18n: typeof i18n; ready: boolean };

export function useTranslation(): UseTranslation {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const t = i18n.getFixedT(i18n.language);
  const out = [t, i18n, true] as UseTranslation;
  out.t = t;
  out.i18n = i18n;
  out.ready = true;
  return out;
}
