/**
 * Known devices for the sign-in lockout policy (README, "Sign-in throttling"). A browser that has signed in to an
 * account carries a signed cookie naming its device id and that account; wrong passwords typed elsewhere cannot
 * lock it out, because attempts from a known device are counted per device, not per email. This is OWASP's
 * "device cookie" design: https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies
 * Format: d1.<device id>.<user id>.<base64url HMAC-SHA256>; the cookie is HttpOnly and sent to /api/auth only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSecret } from './env.ts';
import { readCookie, setCookie } from './cookies.ts';
import { isUuid } from './http.ts';

export const DEVICE_COOKIE = 'rozum_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

export interface KnownDevice {
  deviceId: string;
  userId: string;
}

const mac = (deviceId: string, userId: string) =>
  createHmac('sha256', appSecret()).update(`device:v1:${deviceId}:${userId}`).digest('base64url');

/** The device this request comes from, when its cookie is well-formed and signed by us; otherwise null. */
export function knownDevice(req: Request): KnownDevice | null {
  const value = readCookie(req, DEVICE_COOKIE);
  const parts = value?.split('.') ?? [];
  if (parts.length !== 4 || parts[0] !== 'd1') return null;
  const [, deviceId, userId, given] = parts;
  if (!ID.test(deviceId) || !isUuid(userId)) return null;
  const expected = Buffer.from(mac(deviceId, userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { deviceId, userId } : null;
}

/** The cookie that marks this browser as one `userId` has signed in from (keeping its device id if it had one). */
export function deviceCookie(req: Request, userId: string): string {
  const deviceId = knownDevice(req)?.deviceId ?? randomBytes(16).toString('base64url');
  return setCookie(req, DEVICE_COOKIE, `d1.${deviceId}.${userId}.${mac(deviceId, userId)}`, {
    maxAge: YEAR_SECONDS,
    path: '/api/auth',
  });
}
