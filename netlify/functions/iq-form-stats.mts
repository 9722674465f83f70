import type { Config } from '@netlify/functions';
import { refreshFormStats } from '../../src/lib/server/item-stats.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/** Recomputes each IQ form's n and KR-20 from the stored sheets, so scoring switches to a measured reliability. */
export default scheduled('iq-form-stats', async () =>
  (await refreshFormStats()).map(({ formId, analysis, rushed }) => ({
    formId,
    sheets: analysis.n,
    rushed,
    kr20: analysis.kr20,
  })),
);

export const config: Config = { schedule: '@daily' };
