import { describe, expect, it } from 'vitest';
import { signResultToken, TOKEN_TTL_MS, verifyResultToken } from '../../src/lib/server/tokens.ts';

const secret = 'test-secret';
const payload = {
  kind: 'iq' as const,
  lang: 'uk' as const,
  answers: [[1, 2, 1000]] as [number, number, number][],
  timeSpent: 1000,
};

describe('result tokens', () => {
  it('round-trip what the server signed', () => {
    const check = verifyResultToken(signResultToken(payload, 1_000, secret), 2_000, secret);
    expect(check).toEqual({ ok: true, payload: { ...payload, issuedAt: 1_000, expiresAt: 1_000 + TOKEN_TTL_MS } });
  });

  it('refuse a token whose payload was changed', () => {
    const [v, body, mac] = signResultToken(payload, 1_000, secret).split('.');
    const forged = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('"answers":[[1,2,', '"answers":[[1,3,'),
    ).toString('base64url');
    expect(verifyResultToken(`${v}.${forged}.${mac}`, 2_000, secret)).toEqual({
      ok: false,
      error: 'token.error.invalid',
    });
  });

  it('refuse a token signed with another secret, or malformed', () => {
    expect(verifyResultToken(signResultToken(payload, 1_000, 'other'), 2_000, secret).ok).toBe(false);
    for (const bad of ['', 'v1', 'v1..', 'v2.a.b', 'v1.notjson.sig'])
      expect(verifyResultToken(bad, 2_000, secret).ok).toBe(false);
  });

  it('refuse an expired token', () => {
    expect(verifyResultToken(signResultToken(payload, 1_000, secret), 1_001 + TOKEN_TTL_MS, secret)).toEqual({
      ok: false,
      error: 'token.error.expired',
    });
  });
});
