import type { Config } from '@netlify/functions';
import { refreshFormStats } from '../../src/lib/server/item-stats.ts';

/** Recomputes each IQ form's n and KR-20 from the stored sheets, so scoring switches to a measured reliability. */
export default async () => {
  const reports = await refreshFormStats();
  console.log(
    '[iq-form-stats]',
    JSON.stringify(
      reports.map(({ formId, analysis, rushed }) => ({ formId, sheets: analysis.n, rushed, kr20: analysis.kr20 })),
    ),
  );
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
