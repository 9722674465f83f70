import { defineConfig } from 'vitest/config';

/** The integration suite runs once per database: always on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
const integration = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `integration:${db}`,
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
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
