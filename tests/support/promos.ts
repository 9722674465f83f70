/** Promo codes the promo tests redeem (seeded at start-up, as npm start seeds its demo code). */
export const TEST_PROMOS = [
  { code: 'WELCOME30', days: 30, max: 1000 },
  { code: 'ONLY5', days: 7, max: 5 },
  { code: 'OLDCODE', days: 30, max: 100, expiresAt: '2020-01-01T00:00:00Z' },
  { code: 'ONCE1', days: 3, max: 1 },
];
