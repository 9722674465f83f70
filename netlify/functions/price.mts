import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { priceWithUah } from '../../src/lib/server/payments/price.ts';

/** The premium price as charged (USD), with about how many hryvnias it is at the NBU's official rate when known. */
export default endpoint(payments.price, async () => priceWithUah());

export const config: Config = { path: '/api/price', method: 'GET' };
