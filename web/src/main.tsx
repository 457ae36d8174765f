// The global stylesheet first, so that the feature stylesheets (imported by the components) refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, connectApiToRouter } from './App';
import { createQueryClient } from './api/queryClient';
import { createRoutes, loadInitialPage } from './routes';
import { z } from 'zod';

// The CSP allows no eval: zod (the shared schemas) would first try `Function('')`, which the browser
// reports as a violation, before falling back to what jitless asks for at once.
z.config({ jitless: true });

// Started first: its code (preloaded by index.html) is fetched while the router is set up.
const initialPage = loadInitialPage(location.pathname);
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes({ queryClient }));
connectApiToRouter(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Element #root fehlt in index.html');
const root = createRoot(container);

// Rendered once that code has run. Not by a top-level await: the page chunks import modules of this
// chunk, and with one the bundler would split those out into chunks of their own.
void initialPage.then(() =>
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);
