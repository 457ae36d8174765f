import { defineConfig } from 'vitest/config';

// One runner for every workspace. Browser end-to-end tests (vitest.e2e.config.ts) and the multi-process
// test (vitest.multi-process.config.ts) run separately.
export default defineConfig({
  test: {
    include: ['{events,domain,platform,command-service,projection-service,runtime,web}/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/*.e2e.test.ts', '**/*.multi-process.test.ts', '**/*.faults.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // The demo catalogue is seeded once; test apps that seed just it start from a copy.
    globalSetup: ['./runtime/src/testing/demo-catalog.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites share the real PostgreSQL database when DATABASE_URL is set: run files one after another.
    fileParallelism: false,
  },
});
