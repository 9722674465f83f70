/** Site-wide facts in one place: name, version, contact, routes. Editors change them here, not in pages. */
export const SITE = {
  name: 'Rozum',
  version: '1.0',
  lastUpdated: '2026-11-22',
  themeColor: '#3B82F6',
  contactEmail: process.env.CONTACT_EMAIL ?? 'support@rozum.example',
  siteUrl: (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 8888}`).replace(/\/+$/, ''),
} as const;

export const LEGAL_TYPES = ['privacy', 'terms', 'offer', 'consent', 'contacts', 'refund', 'cookies'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
