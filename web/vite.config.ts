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

/** Paths that show the Auftragsannahme (/ leads there). */
const START_PAGE_PATHS = /^\/(auftragsannahme)?\/?$/;

/**
 * The Auftragsannahme is the start page, and its code (its chunk, ag-grid, their CSS) is loaded on
 * demand (routes.tsx): without help the browser would ask for it only after the main chunk has run.
 * On the start page's paths, index.html asks for it at once, in parallel with the main chunk
 * (modulepreload: fetched and compiled, run only when the route imports it). Other paths load
 * nothing extra.
 */
function preloadStartPage(): Plugin {
  let base = '/';
  return {
    name: 'dispo:preload-start-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const page = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/features/orders/OrdersPage.tsx'),
        );
        if (page?.type !== 'chunk') throw new Error('preload-start-page: the chunk of OrdersPage.tsx is missing');
        // What the main chunk loads anyway is left out. crossOrigin '' as in Vite's own preload links,
        // so that the later import and stylesheet use the preloaded answers.
        const loaded = new Set<string>();
        const markLoaded = (fileName: string) => {
          const output = bundle[fileName];
          if (loaded.has(fileName) || output?.type !== 'chunk') return;
          loaded.add(fileName);
          output.imports.forEach(markLoaded);
        };
        markLoaded(entry.fileName);
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
        const links = [...scripts.map((file) => ['modulepreload', base + file]), ...styles.map((file) => ['preload', base + file])];
        return [
          {
            tag: 'script',
            injectTo: 'head',
            children:
              `if (${START_PAGE_PATHS}.test(location.pathname)) for (const [rel, href] of ${JSON.stringify(links)}) {` +
              ` const link = document.createElement('link'); link.rel = rel; link.href = href; link.crossOrigin = '';` +
              ` if (rel === 'preload') link.as = 'style'; document.head.appendChild(link); }`,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadStartPage()],
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
