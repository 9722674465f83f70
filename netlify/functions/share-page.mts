import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { sharePageResponse } from '../../src/lib/server/share-endpoints.ts';

/** A shared result's public page in Ukrainian (issue 32). */
export default endpoint(results.sharePage, ({ params }) => sharePageResponse(params.code, 'uk'));

export const config: Config = { path: '/r/:code', method: 'GET' };
