/**
 * The site shell's parts (SiteShell), each its own element: the public pages hydrate the header
 * and the page one at a time, with the browser free to handle input in between, instead of the
 * whole page in one task (decision 033). The footer is static there and is not hydrated
 * (entry.public.tsx); the build checks that every part is on each prerendered page.
 */
export const SHELL_PARTS = { header: 'hl-header', main: 'main', footer: 'hl-footer' } as const;
