// Dependency rules of the monorepo (npm run lint → depcruise). Paths are real paths after resolution:
// `@heliline/domain` resolves through the workspace symlink to packages/domain/src/…, so a rule on a
// folder catches both the package name and a relative path into it. The `@heliline/…` alternatives
// catch an import of one of our packages that does not resolve (yet).

/** Modules of the server: packages/server/src/modules/<name>/… */
const MODULE = '^packages/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-self-contained',
      comment: 'packages/domain holds pure rules shared by server and web: it imports no other package of ours.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/(?!domain/)|e2e/|scripts/|bench/|@heliline/(?!domain($|/)))' },
    },
    {
      name: 'content-imports-only-domain',
      comment: 'packages/content (the Markdown loader) may build on the domain, and on nothing else of ours.',
      severity: 'error',
      from: { path: '^packages/content/' },
      to: { path: '^(packages/(?!(content|domain)/)|e2e/|scripts/|bench/|@heliline/(?!(content|domain)($|/)))' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The web app (sources, build scripts and config) talks to the server over HTTP only; shared code lives in domain or content.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^(packages/server/|@heliline/server($|/))' },
    },
    {
      name: 'web-takes-domain-values-from-their-module',
      comment:
        "A web screen that takes a value (not a type) from the domain's index loads every rule and wire schema with it (zod, the country lists, the wizard's chunk): import it from its own module, e.g. @heliline/domain/roles (decision 023).",
      severity: 'error',
      from: { path: '^packages/web/src/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^packages/domain/src/index[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-stay-apart',
      comment:
        'A web feature (packages/web/src/features/<x>) imports no other feature: what two features share lives in components/, lib/ or api/, and each route is served from the feature that owns its screen.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'db-never-imports-modules',
      comment: 'db/ (connection, migrations, schema, seed) sits below the modules: a module may use db/, never the other way round.',
      severity: 'error',
      from: { path: '^packages/server/src/db/' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'no-reaching-into-another-modules-queries',
      comment: "A module's queries are its own: another module goes through that module's service.",
      severity: 'error',
      from: { path: MODULE },
      to: { path: '^packages/server/src/modules/[^/]+/(queries|[^/]+/queries)([.]ts$|/)', pathNot: '^packages/server/src/modules/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other (directly or through others) cannot be understood, tested or split apart on their own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-between-server-modules',
      comment: 'Two server modules that use each other (through any of their files) are one module in disguise: the shared part moves down.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/server/src/modules/[^/]+$' },
      // Folder scope: modules/a/x.ts → modules/b/y.ts → modules/a/z.ts is a loop even when no file loop exists.
      // The reported loop may pass through db/ or plugins/ (folder rules cannot filter the path in between).
      to: { circular: true, path: '^packages/server/src/modules/[^/]+$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve to a file or an installed package is a typo or a missing dependency.',
      severity: 'error',
      // Declaration files reference types through the "types" export condition, which tsc checks (see conditionNames);
      // `./+types/<route>` are React Router's generated route types (.react-router/types, via tsconfig rootDirs).
      from: { pathNot: '[.]d[.]ts$' },
      to: { couldNotResolve: true, pathNot: '^[.]/[+]types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|\\.react-router|test-results|playwright-report)/|^e2e/\\.data/' },
    // Type-only imports count: an `import type` loop is still two modules that cannot be understood apart.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // No "types" condition: it would pick declaration files (altcha's point at files it does not ship).
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
