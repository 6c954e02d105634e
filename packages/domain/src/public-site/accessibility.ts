/**
 * The accessibility statement (AgID model; issue 14): its dates in one place, so the page, its
 * tests and the next review all read the same values. ISO dates (YYYY-MM-DD), shown formatted.
 */
export const ACCESSIBILITY_STATEMENT = {
  /** The last check of the site (self-assessment: automated axe runs plus manual keyboard and screen-reader checks). */
  lastCheck: '2026-11-24',
  /** When the statement was drawn up. */
  drawnUp: '2026-11-24',
  /** The days the operator has to answer a report before the user may turn to the enforcement procedure. */
  answerDays: 30,
} as const;
