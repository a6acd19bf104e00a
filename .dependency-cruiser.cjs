// The layers of the server and the web app, enforced (`npm run lint` runs it): no import cycle
// between modules or between folders, and no import pointing up a layer. docs/architecture.md
// draws the layers. A new folder must be placed in a layer here, or the `unplaced` rule fails.

/** Bottom first; a folder may import its own layer and those below. */
const LAYERS = {
  'packages/server/src': [
    ['errors', 'security', 'documents', 'outbound'],
    ['datasources', 'engine', 'store'],
    ['audit', 'storage', 'replicas', 'pdf-templates', 'auth', 'lifecycle', 'third-parties', 'variables'],
    ['accounts', 'apis', 'connections', 'lookups', 'pages', 'print', 'apps', 'functions', 'queries', 'tables', 'workflows', 'triggers', 'hooks', 'schedules', 'tasks', 'bundles', 'git', 'environments', 'coedit'],
    ['http', 'routes', 'cli'],
  ],
  'packages/web/src': [
    ['boot', 'components', 'i18n', 'session', 'state', 'theme', 'pwa'],
    ['api'],
    ['offline'],
    ['current-app'],
    ['live'],
    ['page-state'],
    ['actions'],
    ['widgets'],
    ['auth', 'pages', 'admin', 'editor', 'runtime', 'sessions'],
    ['shell'],
  ],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const folders = (root, names) => `^${escape(root)}/(${names.map(escape).join('|')})/`;
/** The composition root: files directly in src (app.ts, main.ts, main.tsx, …), above every layer. */
const rootFiles = (root) => `^${escape(root)}/[^/]+$`;
/**
 * The one exception: the Services type the composition root builds (server/src/services.ts), which
 * every domain module takes. Named as a type only (`import type`): erased at run time, so modules
 * still load bottom-up; any value import of it points up like the rest of the root.
 */
const servicesType = (root) => `^${escape(root)}/services\\.ts$`;
const exceptServicesType = (root) => ({ pathNot: servicesType(root) });
const servicesValueImport = (root) => ({ path: servicesType(root), dependencyTypesNot: ['type-only'] });
const TESTS = '\\.test\\.tsx?$';

const layerRules = Object.entries(LAYERS).flatMap(([root, layers]) => [
  ...layers.slice(0, -1).map((layer, index) => ({
    name: 'import-points-up',
    comment: `${root}: ${layer.join(', ')} may not import a layer above it (${layers.slice(index + 1).flat().join(', ')}) nor the composition root`,
    severity: 'error',
    from: { path: folders(root, layer), pathNot: TESTS },
    to: { path: [folders(root, layers.slice(index + 1).flat()), rootFiles(root)], ...exceptServicesType(root) },
  })),
  ...layers.map((layer) => ({
    name: 'import-points-up',
    comment: `${root}: ${layer.join(', ')} may name the composition root's Services type, not import its values`,
    severity: 'error',
    from: { path: folders(root, layer), pathNot: TESTS },
    to: servicesValueImport(root),
  })),
  {
    name: 'import-points-up',
    comment: `${root}: the top layer may not import the composition root`,
    severity: 'error',
    from: { path: folders(root, layers.at(-1)), pathNot: TESTS },
    to: { path: rootFiles(root), ...exceptServicesType(root) },
  },
  {
    name: 'unplaced',
    comment: `${root}: every folder of src belongs to a layer of .dependency-cruiser.cjs`,
    severity: 'error',
    from: { path: `^${escape(root)}/[^/]+/`, pathNot: [folders(root, layers.flat()), TESTS] },
    to: {},
  },
]);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, however many steps apart',
      severity: 'error',
      from: { path: '^packages/(server|web)/src/', pathNot: TESTS },
      // A cycle through an `import type` costs nothing at run time; one of values orders modules' start.
      to: { circular: true, viaOnly: { pathNot: TESTS, dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders that import each other, through whichever modules',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/(server|web)/src/' },
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    // core is the contract both import: its own folders are not layered here.
    doNotFollow: { path: ['node_modules', '^packages/core/'] },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
  },
};
