import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

// The dev server forwards API calls and the socket to the backend (runtime, port 3001),
// so the client always talks to its own origin, as in production.
const backend = 'http://127.0.0.1:3001';

/** Libraries in chunks of their own: they change far less often than the app, so browsers keep them cached across releases. */
const VENDOR_CHUNKS = [
  // What every page needs at start.
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/,
  },
  // The tables (Auftragsannahme, Fuhrpark); loaded with the first page that shows one.
  { name: 'ag-grid', test: /[\\/]node_modules[\\/](ag-grid-community|ag-grid-react|ag-stack|@ag-grid-community[\\/]locale)[\\/]/ },
];

/** A page's first data calls, started by index.html before the app's code arrives: `run`, exported by `module`, is inlined. */
interface PageStart {
  module: string;
  run: string;
}

/**
 * Pages that index.html starts at once on their own paths: the Auftragsannahme (the start page, /
 * leads there) and the Disposition (opened directly all day by dispatchers). Their code is fetched
 * in parallel with the main chunk; the Disposition also starts its day's data calls (its route takes
 * the answers over, see startEarlyDispatchDay.ts).
 */
const PRELOADED_PAGES: { paths: RegExp; module: string; start?: PageStart }[] = [
  { paths: /^\/(auftragsannahme)?\/?$/, module: '/src/features/orders/OrdersPage.tsx' },
  {
    paths: /^\/disposition\/?$/,
    module: '/src/features/dispatch/DispatchPage.tsx',
    start: { module: '/src/features/dispatch/startEarlyDispatchDay.ts', run: 'startEarlyDispatchDay' },
  },
];

/** Where index.html takes the pages' inline script: before the app's own tags, which Vite appends to the head. */
const PAGE_START_MARKER = '<!-- dispo:page-start -->';

/** Builds a page start into one minified classic script (it runs inline, before any module). */
async function inlineScriptOf(root: string, { module, run }: PageStart): Promise<string> {
  const entry = '\0dispo-page-start';
  const result = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    plugins: [
      {
        name: 'dispo:page-start-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? `import { ${run} } from ${JSON.stringify(module)};\n${run}();` : null),
      },
    ],
    build: { write: false, minify: true, modulePreload: false, rolldownOptions: { input: entry, output: { format: 'iife' } } },
  });
  const chunk = (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`preload-pages: ${module} gave no script`);
  return chunk.code.trim();
}

/**
 * The pages' code (their chunk, ag-grid, their CSS) is loaded on demand (routes.tsx): without help
 * the browser would ask for it only after the main chunk has run. On a page's paths, index.html asks
 * for it at once, in parallel with the main chunk (modulepreload: fetched and compiled, run only when
 * the route imports it), and starts the page's data calls. Other paths load nothing extra. The script
 * stands before the app's stylesheet: a classic script after a stylesheet waits until it has loaded.
 */
function preloadPages(): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'dispo:preload-pages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        if (!html.includes(PAGE_START_MARKER)) throw new Error(`preload-pages: index.html lacks ${PAGE_START_MARKER}`);
        // What the main chunk loads anyway is left out.
        const loaded = new Set<string>();
        const markLoaded = (fileName: string) => {
          const output = bundle[fileName];
          if (loaded.has(fileName) || output?.type !== 'chunk') return;
          loaded.add(fileName);
          output.imports.forEach(markLoaded);
        };
        markLoaded(entry.fileName);

        const linksOf = (module: string) => {
          const page = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.facadeModuleId?.replace(/\\/g, '/').endsWith(module),
          );
          if (page?.type !== 'chunk') throw new Error(`preload-pages: the chunk of ${module} is missing`);
          const scripts: string[] = [];
          const styles: string[] = [];
          const collect = (fileName: string) => {
            const output = bundle[fileName];
            if (loaded.has(fileName) || scripts.includes(fileName) || output?.type !== 'chunk') return;
            scripts.push(fileName);
            styles.push(...(output.viteMetadata?.importedCss ?? []));
            output.imports.forEach(collect);
          };
          collect(page.fileName);
          return [...scripts.map((file) => ['modulepreload', base + file]), ...styles.map((file) => ['preload', base + file])];
        };
        const pages = PRELOADED_PAGES.map(({ paths, module }) => `[${paths}, ${JSON.stringify(linksOf(module))}]`);
        // The data calls first: the server's answer takes longest.
        const starts = await Promise.all(
          PRELOADED_PAGES.filter((page) => page.start).map(
            async ({ paths, start }) => `if (${paths}.test(location.pathname)) ${await inlineScriptOf(root, start!)}`,
          ),
        );
        // crossOrigin '' as in Vite's own preload links, so that the later import and stylesheet use the preloaded answers.
        const script =
          `<script>${starts.join('\n')}\n` +
          `for (const [paths, links] of [${pages.join(', ')}]) if (paths.test(location.pathname)) for (const [rel, href] of links) {` +
          ` const link = document.createElement('link'); link.rel = rel; link.href = href; link.crossOrigin = '';` +
          ` if (rel === 'preload') link.as = 'style'; document.head.appendChild(link); }</script>`;
        return html.replace(PAGE_START_MARKER, script);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadPages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_CHUNKS },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
