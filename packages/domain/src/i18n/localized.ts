/** A user-facing text in both languages of the product. */
export type Localized = { it: string; en: string };
