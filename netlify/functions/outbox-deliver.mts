import type { Config } from '@netlify/functions';
import { deliverOutbox } from '../../src/lib/server/outbox.ts';

/** Retries notifications that could not be delivered right after their event. */
export default async () => {
  const counts = await deliverOutbox(50);
  console.log('[outbox]', JSON.stringify(counts));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
