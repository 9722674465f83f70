import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { shareCardResponse } from '../../src/lib/server/share-endpoints.ts';

/** A shared result's 1200×630 card, the og:image of its page (issue 32). */
export default endpoint(results.shareCard, ({ req, params, lang }) => shareCardResponse(req, params.code, lang));

export const config: Config = { path: '/api/shares/:code/card', method: 'GET' };
