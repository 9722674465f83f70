import type { Config } from '@netlify/functions';
import { deliverOutbox, purgeOutbox } from '../../src/lib/server/outbox.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/**
 * Retries notifications that could not be delivered right after their event, and deletes the rows whose time is up
 * (30 days after sending, 90 for one never delivered: purgeOutbox).
 */
export default scheduled('outbox', async () => ({ ...(await deliverOutbox(50)), purged: await purgeOutbox() }));

export const config: Config = { schedule: '*/5 * * * *' };
