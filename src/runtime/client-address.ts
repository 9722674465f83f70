/**
 * Which address a request came from: the socket's, unless the operator says how many proxies stand in
 * front (TRUST_PROXY=<hops>); then the address that many hops back along X-Forwarded-For. Trusting the header
 * unconditionally would let any client pick a new address per request and walk past the per-address rate limits.
 * On Netlify the platform's own `context.ip` is used, not this.
 */
import { env } from '../lib/server/env.ts';

export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  const socket = socketAddress || '127.0.0.1';
  if (!trustedHops || !forwardedFor) return socket;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    socket,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}

/** TRUST_PROXY as a number of hops (0 when unset or not a whole number). */
export const trustedProxyHops = (value = env().TRUST_PROXY): number => {
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 && hops < 10 ? hops : 0;
};
