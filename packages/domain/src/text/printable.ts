/**
 * The characters a passenger's name may hold: what the typeface of our PDFs prints (Noto Sans,
 * server modules/pdf/render.ts; a server test checks it has a glyph for every one). Printable
 * ASCII, Latin-1 and Latin Extended-A/B, IPA and spacing modifiers (ʼ), combining accents, Greek
 * (not the Coptic letters of its block), Cyrillic and its supplement, Latin Extended Additional,
 * Greek Extended, and the typographic apostrophes. A name in another script (Chinese, Arabic,
 * emoji…) is refused at entry with the field named, rather than printed as empty boxes.
 */
const PRINTABLE_NAME = /^(?:[\x20-\x7e]|(?!\p{Cn})[\u00a0-\u03e1\u03f0-\u052f\u1e00-\u1fff\u2018\u2019])*$/u;

export const isPrintableName = (value: string): boolean => PRINTABLE_NAME.test(value);
