import { defineConfig } from 'vitest/config';

// The scaled setup as separate processes on PostgreSQL and NATS (issue 20): `npm run test:multi-process`.
export default defineConfig({
  test: {
    include: ['runtime/src/**/*.multi-process.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 420_000,
    fileParallelism: false,
  },
});
