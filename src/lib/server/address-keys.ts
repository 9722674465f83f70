/**
 * Keys that count attempts about an email address (rate_limits: sign-in throttling, resets asked, mails sent) name
 * the address by an HMAC of its normalised form under APP_SECRET, never in plain text: the table keeps no one's
 * address, before or after their account is deleted (issue 44), and the keys still meet for the same address.
 */
import { createHmac } from 'node:crypto';
import { appSecret } from './env.ts';
import { emailKey } from '../../domain/email.ts';

export const addressKey = (address: string): string =>
  createHmac('sha256', appSecret())
    .update(`address:${emailKey(address)}`)
    .digest('base64url');
