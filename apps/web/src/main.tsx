// Mantine's stylesheet for the components the site draws (decision 119), not its whole sheet.
import './app/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient, hydrateServerQueries, readServerState } from './app/query-client';
import { preloadPage } from './app/router';
import { runStartup } from './app/startup';
import { rememberEarlyInput } from './lib/early-input';

const container = document.getElementById('root') as HTMLElement;
const queryClient = createQueryClient();
const server = readServerState();
const pageLoaded = preloadPage(window.location.pathname).catch(() => undefined);

if (server) {
  // The server drew this page with its data: the browser takes it over at once, from the same data, so
  // the first render matches the HTML. A click before the page's own code arrives is not lost: React
  // keeps the server's HTML of that part and replays the click once it has taken it over. The start-up
  // steps then find their requests answered (the theme, the session, the features) and run what is left.
  // Text typed into the drawn fields meanwhile is kept for their components (lib/early-input.ts).
  rememberEarlyInput();
  hydrateServerQueries(queryClient, server.queries);
  hydrateRoot(
    container,
    <StrictMode>
      <App
        queryClient={queryClient}
        theme={server.theme}
        themeLinked={document.querySelector('link[data-theme-styles]') !== null}
      />
    </StrictMode>,
  );
  void runStartup(queryClient);
} else {
  // No server rendering (the development server, or the server fell back to the bare page): until
  // start-up finishes the visitor sees the overlay (its code is not part of a drawn page's scripts).
  const root = createRoot(container);
  let started = false;
  void import('./app/startup-overlay').then(({ StartupOverlay }) => {
    if (!started) root.render(<StartupOverlay />);
  });
  void runStartup(queryClient).then(async ({ theme }) => {
    await pageLoaded;
    started = true;
    root.render(
      <StrictMode>
        <App queryClient={queryClient} theme={theme} />
      </StrictMode>,
    );
  });
}
