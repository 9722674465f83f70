/** The site's own state: liveness and the landings' counts. */
import { contract } from './contract.ts';

export interface Health {
  ok: true;
  /** The database's engine, and the driver that talks to it. */
  db: 'pglite' | 'postgres';
  driver: string;
  version: string;
  /** When the database was first created. */
  since: string;
}

export interface SiteStats {
  /** IQ results saved since midnight in `timeZone`. */
  iqToday: number;
  /** Career results saved since midnight in `timeZone`. */
  professionalToday: number;
  /** Results of both tests saved since the first of the month in `timeZone`. */
  resultsThisMonth: number;
  counted: 'saved results';
  timeZone: 'Europe/Kyiv';
  asOf: string;
}

export const health = contract<Health>()({ path: '/api/health', method: 'GET', auth: 'none' });
export const stats = contract<SiteStats>()({ path: '/api/stats', method: 'GET', auth: 'none' });
