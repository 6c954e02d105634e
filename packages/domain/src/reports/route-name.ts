import type { Lang } from '../i18n/messages.ts';
import { placeById } from '../places.ts';

/** A report's route in words: "Foggia → Isole Tremiti" (an unknown place by its id). */
export function routeName(originId: number, destinationId: number, lang: Lang): string {
  const name = (id: number) => placeById(id)?.name[lang] ?? String(id);
  return `${name(originId)} → ${name(destinationId)}`;
}
