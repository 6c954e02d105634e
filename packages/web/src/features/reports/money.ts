import type { Lang } from '@heliline/domain/i18n/messages';
import { formatEuro } from '../../lib/format.ts';

/** Integer cents as the report shows them: "€ 1.234,50" / "€ 1,234.50". */
export const euros = (cents: number, lang: Lang) => `€ ${formatEuro(cents / 100, lang)}`;
