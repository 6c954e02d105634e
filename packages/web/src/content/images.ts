import type { Lang } from '@heliline/domain/i18n/messages';

/**
 * Alt texts of the site's own SVG illustrations, keyed by public path.
 * Every image under /images (except payment logos) has an entry, so a page never ships an image without an alt.
 */
export const IMAGE_ALTS: Record<string, { it: string; en: string }> = {
  '/images/company/carousel-1.svg': {
    it: "Elicottero blu in volo sopra le falesie bianche delle Isole Tremiti, con il mare turchese e una barca sotto",
    en: 'A blue helicopter flying past the white cliffs of the Tremiti Islands, above a turquoise sea and a small boat',
  },
  '/images/company/carousel-2.svg': {
    it: "L'eliporto di Foggia all'alba: il terminal illuminato, la piazzola con le luci verdi e un elicottero pronto al decollo",
    en: 'Foggia heliport at dawn: the lit terminal, the pad with its green lights and a helicopter ready for take-off',
  },
  '/images/company/carousel-3.svg': {
    it: "Elicottero sanitario bianco e rosso sulla piazzola in quota di un ospedale, con due soccorritori e la barella",
    en: 'A white and red air ambulance on a hospital rooftop helipad, with two crew members and a stretcher',
  },
  '/images/company/carousel-4.svg': {
    it: "Hangar di manutenzione: un tecnico sulla pedana lavora al motore di un elicottero con la cofanatura aperta",
    en: 'Maintenance hangar: an engineer on a work stand services the engine of a helicopter with its cowling open',
  },
  '/images/company/carousel-5.svg': {
    it: "Abitacolo di un elicottero da addestramento visto da dietro: istruttore e allievo, il cruscotto e la costa davanti",
    en: 'Inside a training helicopter seen from behind: instructor and student, the instrument panel and the coast ahead',
  },
};

/** The company pages' carousel, in display order (spec: 5 photos). */
export const COMPANY_CAROUSEL = [
  '/images/company/carousel-1.svg',
  '/images/company/carousel-2.svg',
  '/images/company/carousel-3.svg',
  '/images/company/carousel-4.svg',
  '/images/company/carousel-5.svg',
] as const;

/** Alt text of an image in the given language; empty (decorative) when the path has no entry. */
export function imageAlt(path: string, lang: Lang): string {
  return IMAGE_ALTS[path]?.[lang] ?? '';
}
