import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadLandingPage } from './app/router';
import { readServerState } from './lib/server-state';
import './styles.css';

void preloadLandingPage(window.location.pathname);

const root = document.getElementById('root')!;
// A public page the server rendered (src/web/server-render.tsx) comes with the queries it read: React hydrates its
// HTML instead of rendering it again. Every other page (private ones, a signed-in visitor's) is the empty shell.
const state = root.firstChild ? readServerState() : undefined;
const app = (
  <StrictMode>
    <AppProvider state={state}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);
if (state) hydrateRoot(root, app);
else createRoot(root).render(app);
