import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes a .br and a .gz beside each built text file, compressed once at the strongest levels,
 * which the server sends to browsers that accept them (@fastify/static's preCompressed):
 * no compression work per request. A compressed copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rakit-precompress',
    apply: 'build',
    configResolved: (config) => { outDir = path.resolve(config.root, config.build.outDir); },
    closeBundle: () => {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|mjs|css|html|svg|json|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/** core's catalogs (issue 35): catalogs/<language>/<area>.json. */
const catalogsDir = path.resolve(import.meta.dirname, '../core/src/i18n/catalogs');
const CATALOG_PREFIX = 'virtual:rakit-catalog/';
/**
 * The areas only builders read (admin screens, editors): a part of its own, loaded when a
 * builder's screen is; and those only the server says (the audit log's entries), never shipped.
 */
const catalogParts = JSON.parse(readFileSync(path.join(catalogsDir, 'parts.json'), 'utf8')) as { builder: string[]; server: string[] };

/**
 * `virtual:rakit-catalog/<language>/<part>`: one language's texts of the areas of one part
 * (`runtime`: sign-in, members' pages; `builder`: the builders' screens), merged and compiled
 * for Lingui's runtime here, at build time, so the browser never ships the ICU parser. Each is
 * a chunk of its own, loaded when it is needed (web/src/i18n).
 */
function rakitCatalogs(): Plugin {
  return {
    name: 'rakit-catalogs',
    resolveId: (id) => (id.startsWith(CATALOG_PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${CATALOG_PREFIX}`)) return undefined;
      const [language = '', part = ''] = id.slice(CATALOG_PREFIX.length + 1).split('/');
      if (!/^[a-z]+$/.test(language) || !['runtime', 'builder'].includes(part)) throw new Error(`No catalog ${id}`);
      const dir = path.join(catalogsDir, language);
      const texts: Record<string, unknown> = {};
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
        const area = file.slice(0, -'.json'.length);
        if (catalogParts.server.includes(area) || catalogParts.builder.includes(area) !== (part === 'builder')) continue;
        this.addWatchFile(path.join(dir, file));
        const areaTexts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
        for (const [key, text] of Object.entries(areaTexts)) texts[key] = compileMessageOrThrow(text);
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

/** What a phone keeps to open the app offline (issue 38) may weigh this much at most. */
const PRECACHE_BUDGET_BYTES = 1.5 * 1024 * 1024;

type Chunks = Map<string, Rolldown.OutputChunk>;
const chunksOf = (bundle: Rolldown.OutputBundle): Chunks =>
  new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));

/** `roots` and every chunk they import statically, and the stylesheets those import. */
function withStaticImports(chunks: Chunks, roots: Iterable<string>): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const add = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (chunk === undefined || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  for (const root of roots) add(root);
  return { scripts, styles };
}

/**
 * The files a member's first screen needs (issue 38): index.html, the entry, the parts it imports
 * in turn and every chunk they import statically with their stylesheets, and the members'
 * catalogs (each language's `runtime` part). Read from the bundle's graph, not from file names; the service worker
 * precaches exactly these. The builders' screens, the widgets' own chunks, pdf.js and the QR
 * reader's WebAssembly are cached as they are first used (sw.ts), not up front.
 */
function memberShell(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  return {
    name: 'rakit-member-shell',
    apply: 'build',
    files,
    generateBundle(_options, bundle) {
      files.clear();
      files.add('index.html');
      // public/: what loads the code of a page the server drew (its sign-in opens offline too).
      files.add('after-first-paint.js');
      const chunks = chunksOf(bundle);
      const membersCatalog = (id: string | null) => id !== null && id.startsWith(`\0${CATALOG_PREFIX}`) && id.endsWith('/runtime');
      const roots = [...chunks.values()].flatMap((chunk) => [
        ...(chunk.isEntry || membersCatalog(chunk.facadeModuleId) ? [chunk.fileName] : []),
        // The parts the entry imports in turn (src/main.tsx), which are the first screen's too.
        ...(chunk.isEntry ? chunk.dynamicImports : []),
      ]);
      const { scripts, styles } = withStaticImports(chunks, roots);
      for (const file of [...scripts, ...styles]) files.add(file);
    },
  };
}
const shell = memberShell();

/**
 * index.html preloads the parts the entry imports in turn (src/main.tsx: the shared rules, then
 * the app's start) and every chunk they import, with their stylesheets, as it does the entry's
 * own: fetched beside the entry, never one round trip after another on a slow line.
 */
function startPreload(): Plugin {
  return {
    name: 'rakit-start-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = chunksOf(context.bundle ?? {});
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (entry === undefined) throw new Error('No chunk for index.html');
        const { scripts, styles } = withStaticImports(chunks, entry.dynamicImports);
        // Their stylesheets are the first screen's too: in the head, not discovered when the code runs.
        const links = [
          ...[...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...[...scripts].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * First path segments the API answers. In development (and `vite preview`) they go to the
 * server on :8080 (or RAKIT_API_TARGET), except a browser navigation (GET accepting HTML),
 * which gets the app itself, as the server does in production.
 */
const apiPrefix = '^/(auth|get|save|delete|forgot_password|action|function|file|print|addon|openapi\\.json)(/|$|\\?)';

export default defineConfig(({ mode }) => ({
  plugins: [
    react(), rakitCatalogs(), precompress(), shell, startPreload(),
    // The service worker (issue 38, src/pwa/sw.ts): the member's shell precached, the pages
    // the network sends kept for offline, the API never touched. It waits for the member's
    // "Reload" before it takes over (registerType 'prompt'): no page runs half old, half new code.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/pwa/service-worker.ts registers it, after the first render; each application's manifest is the server's.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Never the .br/.gz copies beside each file, nor source maps.
        globPatterns: ['**/*.{html,js,css,woff2,wasm}'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // Content-hashed names need no revision of their own.
        dontCacheBustURLsMatching: /^assets\//,
        manifestTransforms: [(entries) => {
          const manifest = entries.filter((entry) => shell.files.has(entry.url));
          const bytes = manifest.reduce((sum, entry) => sum + entry.size, 0);
          const warnings = bytes > PRECACHE_BUDGET_BYTES ? [`The precache holds ${bytes} bytes, over its budget of ${PRECACHE_BUDGET_BYTES}`] : [];
          return { manifest, warnings };
        }],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The app's start is an entry of its own (src/main.tsx imports it after a pause): its
      // static imports then count as initial for the groups below, and are preloaded (startPreload).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), start: path.resolve(import.meta.dirname, 'src/start.tsx') },
      output: {
        // Libraries every screen uses change less often than the app: their own chunks stay
        // cached across releases. The others (editor, charts, kanban, markdown, dates…) go with
        // the lazily loaded screens and widgets that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The libraries' parts every screen loads (Mantine's base, the router, queries) in one file.
            { name: 'libs', test: /node_modules/, tags: ['$initial'] },
            // The rules shared with the server: built in a task of their own before the app's (src/main.tsx).
            // What the entry (src/main.tsx) needs to start the rest in turn: Vite's helper that loads a
            // lazy chunk with its stylesheets, and the pause between parts. Not in the app's chunk,
            // which it would then evaluate at once.
            { name: 'boot', test: /^\0vite\/|[\\/]src[\\/]boot[\\/]next-task/ },
            { name: 'core', test: /[\\/]packages[\\/]core[\\/]/, tags: ['$initial'], includeDependenciesRecursively: false },
            // The app's own code every screen loads (the shell, the runtime viewer, the table), likewise;
            // not the entry itself, which only waits for them in turn.
            { name: 'app', test: (id) => !id.startsWith('\0') && !/[\\/]src[\\/](main\.tsx|boot[\\/])|index\.html|\.css$/.test(id), tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      [apiPrefix]: {
        target: loadEnv(mode, '.', 'RAKIT_').RAKIT_API_TARGET ?? 'http://127.0.0.1:8080',
        // Single sign-on's trip to the provider and back is the server's to answer (issue 36).
        bypass: (req) => (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !(req.url ?? '').startsWith('/auth/sso/') ? '/index.html' : undefined),
      },
      // Builders' shared page documents (issue 33): a WebSocket on the server's port.
      '/collab': { target: loadEnv(mode, '.', 'RAKIT_').RAKIT_API_TARGET ?? 'http://127.0.0.1:8080', ws: true },
    },
  },
}));
