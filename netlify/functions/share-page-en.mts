import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { sharePageResponse } from '../../src/lib/server/share-endpoints.ts';

/** A shared result's public page in English (issue 32). */
export default endpoint(results.sharePageEn, ({ params }) => sharePageResponse(params.code, 'en'));

export const config: Config = { path: '/eng/r/:code', method: 'GET' };
