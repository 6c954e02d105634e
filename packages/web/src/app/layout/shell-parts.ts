/**
 * The site shell's parts (SiteShell), each its own element: the public pages hydrate them one at
 * a time, with the browser free to handle input in between, instead of the whole page in one
 * task (decision 033).
 */
export const SHELL_PARTS = { header: 'hl-header', main: 'main', footer: 'hl-footer' } as const;
