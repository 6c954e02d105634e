import type { Lang } from '@heliline/domain/i18n/messages';
import { placeById } from '@heliline/domain/places';
import { formatEuro } from '../../lib/format.ts';

/** Integer cents as the report shows them: "€ 1.234,50" / "€ 1,234.50". */
export const euros = (cents: number, lang: Lang) => `€ ${formatEuro(cents / 100, lang)}`;

export function routeName(originId: number, destinationId: number, lang: Lang): string {
  const name = (id: number) => placeById(id)?.name[lang] ?? String(id);
  return `${name(originId)} → ${name(destinationId)}`;
}
