import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    // The demo business is seeded once; each file's app starts from a copy of it.
    globalSetup: ['./runtime/src/testing/demo-business.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
