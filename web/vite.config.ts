import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Pages whose code index.html fetches at once on their own paths: the Auftragsannahme (the start page,
 * / leads there) and the Disposition (opened directly all day by dispatchers).
 */
const PRELOADED_PAGES = [
  { paths: /^\/(auftragsannahme)?\/?$/, module: '/src/features/orders/OrdersPage.tsx' },
  { paths: /^\/disposition\/?$/, module: '/src/features/dispatch/DispatchPage.tsx' },
];

/**
 * The pages' code (their chunk, ag-grid, their CSS) is loaded on demand (routes.tsx): without help
 * the browser would ask for it only after the main chunk has run. On a page's paths, index.html asks
 * for it at once, in parallel with the main chunk (modulepreload: fetched and compiled, run only when
 * the route imports it). Other paths load nothing extra.
 */
function preloadPages(): Plugin {
  let base = '/';
  return {
    name: 'dispo:preload-pages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
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
        // crossOrigin '' as in Vite's own preload links, so that the later import and stylesheet use the preloaded answers.
        return [
          {
            tag: 'script',
            injectTo: 'head',
            children:
              `for (const [paths, links] of [${pages.join(', ')}]) if (paths.test(location.pathname)) for (const [rel, href] of links) {` +
              ` const link = document.createElement('link'); link.rel = rel; link.href = href; link.crossOrigin = '';` +
              ` if (rel === 'preload') link.as = 'style'; document.head.appendChild(link); }`,
          },
        ];
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
