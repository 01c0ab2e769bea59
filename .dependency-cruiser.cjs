/**
 * The dependency rules CI enforces (`npm run lint`; docs/layers.md says what each forbids).
 * Paths are relative to the repository's root. Type-only imports count like any other.
 */

/** The layers of server/src, lowest first: a file of a layer never imports one of a higher layer. */
const SERVER_LAYERS = [
  { name: 'platform', path: '^server/src/platform/' },
  { name: 'sites-geo', path: '^server/src/(sites|geo)/' },
  { name: 'identity-access', path: '^server/src/(identity|access)/' },
  {
    name: 'domains',
    path: '^server/src/(members|likes|chat|money|notifications|realtime|exports|landers|moderation|complaints)/',
  },
  { name: 'operators', path: '^server/src/operators/' },
  { name: 'backoffice', path: '^server/src/backoffice/' },
  { name: 'composition', path: '^server/src/((app|services|main)\\.ts$|(cli|demo|pages)/)' },
];

/**
 * Signing up makes a profile and its credit account, and erasing an account takes them along: the
 * account's life composes these two domain services, which the composition hands to identity. Identity
 * knows them by their types alone (the rule below); narrowing them to ports of identity's own is open.
 */
const DOMAIN_SERVICES_IDENTITY_COMPOSES = [
  '^server/src/members/profiles/service\\.ts$',
  '^server/src/money/credits/service\\.ts$',
];

const layerRules = SERVER_LAYERS.slice(0, -1).map((layer, index) => {
  const higher = SERVER_LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name}`,
    comment: `${layer.name} is below ${higher.map((above) => above.name).join(', ')}: it imports none of them.`,
    severity: 'error',
    from: { path: layer.path },
    to: {
      path: higher.map((above) => above.path),
      ...(layer.name === 'identity-access' && { pathNot: DOMAIN_SERVICES_IDENTITY_COMPOSES }),
    },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles in the sources, type-only imports included.',
      severity: 'error',
      from: { path: '^(server|web|common)/src/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-only-platform',
      comment: 'server/src/platform is the floor: it imports nothing else of server/src.',
      severity: 'error',
      from: { path: '^server/src/platform/' },
      to: { path: '^server/src/', pathNot: '^server/src/platform/' },
    },
    {
      name: 'services-only-in-composition',
      comment:
        'Only the composition (app.ts, main.ts, cli/, demo/) and tests import server/src/services.ts; ' +
        "routes take the services from the app's decoration (app.services).",
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/(app|main|services)\\.ts$', '^server/src/(cli|demo)/', '\\.test\\.ts$'],
      },
      to: { path: '^server/src/services\\.ts$' },
    },
    ...layerRules,
    {
      name: 'identity-knows-domain-services-by-type',
      comment: 'Identity imports the domain services it composes as types only; the composition passes them in.',
      severity: 'error',
      from: { path: '^server/src/identity/' },
      to: { path: DOMAIN_SERVICES_IDENTITY_COMPOSES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'queries-stay-in-their-room',
      comment:
        "A room's queries (queries.ts, *-queries.ts) are its tables: only files of the same top-level room " +
        "of server/src import them; other rooms go through that room's service.",
      severity: 'error',
      from: { path: '^server/src/([^/]+)/' },
      to: { path: '^server/src/.+[/-]queries\\.ts$', pathNot: '^server/src/$1/' },
    },
    {
      name: 'web-app-is-the-shell',
      comment:
        'web/src/app is the shell: nothing else of web/src imports it, except the entries that start it (web/src/*.ts, *.tsx).',
      severity: 'error',
      from: { path: '^web/src/', pathNot: ['^web/src/app/', '^web/src/[^/]+\\.tsx?$'] },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-takes-route-tables-by-domain',
      comment:
        "The web app imports each domain's route table from its own module (@amora/common/routes/<domain>), " +
        "not from the index, which brings every table, the staff desks' too, into the first page (issue 50).",
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^common/src/routes/index\\.ts$' },
    },
    {
      name: 'common-imports-no-app',
      comment: 'common/src is shared by the server and the web app: it imports neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: false,
  },
};
