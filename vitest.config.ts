import { defineConfig } from 'vitest/config';

/**
 * The integration suite runs once per database and driver: always on PGlite; and when TEST_DATABASE_URL is set, on
 * that PostgreSQL twice, through `pg` and through Neon's serverless driver (our stand-in for Neon's proxy in front).
 */
const integration = (run: 'pglite' | 'postgres' | 'neon') => ({
  test: {
    name: `integration:${run}`,
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres'), integration('neon')] : []),
    ],
  },
});
