import { defineConfig } from 'vitest/config';

// Browser journeys against the real, built site: each file starts its own server and Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // The site's data folder is seeded once and copied for each file (global-setup.ts).
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    // A hook may start the site up to three times (features.e2e.ts); a busy machine needs the margin.
    hookTimeout: 300_000,
    // Two files at a time, each with its own site and Chromium: a file mostly waits on its site or its
    // browser, and one at a time left a core idle (985 s in CI; 614 s two at a time on this machine).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
