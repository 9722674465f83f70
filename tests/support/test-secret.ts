/**
 * The APP_SECRET of the servers the tests start (integration's global setup, Playwright's web server): known to the
 * tests so they can stand in for the clock (sittings.ts servedEarlier). Never used outside the tests.
 */
export const TEST_APP_SECRET = 'rozum-tests-only-secret-never-used-in-a-deploy';
