/**
 * What a prerendered page tells its client entry (decision 033), as JSON in the page's head:
 * the route modules it was rendered from (outermost first, root excluded), with the URL's params
 * and each route's loader data. Written at build time by scripts/public-hydration.ts.
 */
export const PAGE_DATA_ID = 'hl-page';

export interface PrerenderedPage {
  params: Record<string, string | undefined>;
  routes: { file: string; loaderData: unknown }[];
}
