/** Site-wide facts in one place: name, version, contact, routes. Editors change them here, not in pages. */
export const SITE = {
  name: 'Rozum',
  version: '1.0',
  lastUpdated: '2026-11-22',
  themeColor: '#3B82F6',
  contactEmail: process.env.CONTACT_EMAIL ?? 'support@rozum.example',
  siteUrl: (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 8888}`).replace(/\/+$/, ''),
  /** The operator named in the legal pages. Set the real details (env or here) before launch. */
  operator: {
    name: process.env.OPERATOR_NAME ?? 'Rozum (operator details to be published)',
    address: process.env.OPERATOR_ADDRESS ?? 'Kyiv, Ukraine',
    code: process.env.OPERATOR_CODE ?? '—',
  },
  premium: { price: '1 USD', days: 30 },
} as const;

export const LEGAL_TYPES = ['privacy', 'terms', 'offer', 'consent', 'contacts', 'refund', 'cookies'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
