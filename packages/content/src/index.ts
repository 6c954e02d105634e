/**
 * The public site's content (company pages, helipad posts, travel documents): the Markdown files
 * in ../content and the code that reads and renders them, shared by the server and the web build.
 * The web build imports the subpaths it needs (e.g. `@heliline/content/helipad-posts`) so that it
 * does not load the PDF renderer.
 */
export * from './company-pages.ts';
export * from './content-root.ts';
export * from './documents.ts';
export * from './helipad-posts.ts';
export * from './markdown.ts';
