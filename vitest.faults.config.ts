import { defineConfig } from 'vitest/config';

// The fault suite (npm run test:faults): kills and restarts real services (its own nats-server), so it
// runs apart from `npm test`, in CI beside the browser tests.
export default defineConfig({
  test: {
    include: ['runtime/src/faults/**/*.faults.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
