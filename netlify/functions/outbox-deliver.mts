import type { Config } from '@netlify/functions';
import { deliverOutbox } from '../../src/lib/server/outbox.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/** Retries notifications that could not be delivered right after their event. */
export default scheduled('outbox', () => deliverOutbox(50));

export const config: Config = { schedule: '*/5 * * * *' };
