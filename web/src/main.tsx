// The global stylesheet first, so that the feature stylesheets (imported by the components) refine it.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, connectApiToRouter } from './App';
import { createQueryClient } from './api/queryClient';
import { createRoutes } from './routes';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes({ queryClient }));
connectApiToRouter(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Element #root fehlt in index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
