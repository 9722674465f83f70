/** Site-wide facts in one place: name, version, contact, routes. Editors change them here, not in pages. */
import { env, siteUrl } from '../lib/server/env.ts';

export const SITE = {
  name: 'Rozum',
  version: '1.0',
  lastUpdated: '2026-11-22',
  themeColor: '#3B82F6',
  /** Unset only on a local run (production refuses to build without it): pages then show a local placeholder. */
  contactEmail: env().CONTACT_EMAIL,
  siteUrl: siteUrl(),
  /**
   * The operator named in the legal pages, from OPERATOR_NAME / _ADDRESS / _CODE. Production refuses to build
   * without them (src/lib/server/production.ts); locally an unset one reads as a placeholder in the page's language.
   */
  operator: {
    name: env().OPERATOR_NAME,
    address: env().OPERATOR_ADDRESS,
    code: env().OPERATOR_CODE,
  },
  premium: { price: '1 USD', days: 30 },
} as const;

export const LEGAL_TYPES = ['privacy', 'terms', 'offer', 'consent', 'contacts', 'refund', 'cookies'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
