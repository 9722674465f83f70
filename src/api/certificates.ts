/** Certificates: the PNG of a result, and whether a verification code is genuine. */
import { z } from 'zod';
import { contract } from './contract.ts';
import { langQuery, uuidParam } from './fields.ts';
import type { TestKind } from '../domain/views.ts';

export interface Verified {
  valid: true;
  /** The holder's name; null for a holder who has given none since (names once defaulted to the email's start). */
  holder: string | null;
  kind: TestKind;
  result: string;
  detail: string;
  note: string | null;
  date: string;
  /** With the code, its holder gets the certificate image (/api/certificates/:resultId?code=). */
  resultId: string;
}

/** The PNG, for its owner or for anyone holding its verification code (?code=). */
export const image = contract<never>()({
  path: '/api/certificates/:resultId',
  method: 'GET',
  auth: 'optional',
  params: z.object({ resultId: uuidParam }),
  query: z.object({ code: z.string().optional(), lang: langQuery }),
  notFound: 'certificate.error.not_found',
  raw: true,
});

export const verify = contract<Verified>()({
  path: '/api/certificates/verify/:code',
  method: 'GET',
  auth: 'none',
  params: z.object({ code: z.string() }),
  query: z.object({ lang: langQuery }),
  notFound: 'certificate.error.unknown_code',
});
