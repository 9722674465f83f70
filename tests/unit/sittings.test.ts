import { describe, expect, it } from 'vitest';
import { holderOf, newSitting, signSitting, SITTING_TTL_MS, verifySitting } from '../../src/lib/server/sittings.ts';
import { signResultToken, verifyResultToken } from '../../src/lib/server/tokens.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { optionOrder, orderRule } from '../../src/domain/sittings.ts';

const secret = 'test-secret';
/** The browser a sitting is served to (its visitor cookie), and another one. */
const mine = 'AAAAAAAAAAAAAAAAAAAAAA';
const theirs = 'BBBBBBBBBBBBBBBBBBBBBB';

describe('sitting tokens', () => {
  it('name the test, the form, the browser and a seed the server alone can derive', () => {
    const sitting = newSitting('iq', mine, { formId: 5 }, 1_000, secret);
    const token = signSitting(sitting, secret);
    expect(verifySitting(token, 'iq', mine, 2_000, secret)).toEqual(sitting);
    // The browser reads the payload: a nonce and a keyed digest of its id, never the seed or the cookie's value.
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload).toEqual({
      kind: 'iq',
      formId: 5,
      holder: holderOf(mine, secret),
      nonce: sitting.nonce,
      issuedAt: 1_000,
    });
    expect(token).not.toContain(mine);
    expect(verifySitting(token, 'iq', mine, 2_000, 'another-secret')).toBeNull();
  });

  it('are scored only in the browser they were served to', () => {
    const token = signSitting(newSitting('iq', mine, { formId: 5 }, 1_000, secret), secret);
    expect(verifySitting(token, 'iq', theirs, 2_000, secret)).toBeNull();
    expect(verifySitting(token, 'iq', null, 2_000, secret)).toBeNull();
    // Naming another browser in the payload breaks the signature.
    const [p, body, mac] = token.split('.');
    const moved = JSON.parse(Buffer.from(body, 'base64url').toString());
    moved.holder = holderOf(theirs, secret);
    const forged = `${p}.${Buffer.from(JSON.stringify(moved)).toString('base64url')}.${mac}`;
    expect(verifySitting(forged, 'iq', theirs, 2_000, secret)).toBeNull();
  });

  it("carry the server's word that the taker had seen every form's worked answers", () => {
    const token = signSitting(newSitting('iq', mine, { formId: 6, reviewed: true }, 1_000, secret), secret);
    expect(verifySitting(token, 'iq', mine, 2_000, secret)?.reviewed).toBe(true);
    expect(
      verifySitting(signSitting(newSitting('iq', mine, { formId: 6 }), secret), 'iq', mine, Date.now(), secret)
        ?.reviewed,
    ).toBeUndefined();
  });

  it('are refused for another test, once expired, when changed, or from the future', () => {
    const token = signSitting(newSitting('iq', mine, { formId: 4 }, 1_000, secret), secret);
    expect(verifySitting(token, 'iq', mine, 2_000, secret)).not.toBeNull();
    expect(verifySitting(token, 'professional', mine, 2_000, secret)).toBeNull();
    expect(verifySitting(token, 'iq', mine, 1_000 + SITTING_TTL_MS + 1, secret)).toBeNull();
    expect(verifySitting(token, 'iq', mine, 1_000 - 61_000, secret)).toBeNull();
    const [p, body, mac] = token.split('.');
    const other = Buffer.from(Buffer.from(body, 'base64url').toString().replace('"formId":4', '"formId":5')).toString(
      'base64url',
    );
    expect(verifySitting(`${p}.${other}.${mac}`, 'iq', mine, 2_000, secret)).toBeNull();
    expect(verifySitting(`${token}.x`, 'iq', mine, 2_000, secret)).toBeNull();
    expect(verifySitting('s1.e30.' + 'A'.repeat(43), 'iq', mine, 2_000, secret)).toBeNull();
  });

  it('never pass for result tokens, nor result tokens for them (one secret, two kinds of signature)', () => {
    const sitting = signSitting(newSitting('iq', mine, { formId: 4 }, 1_000, secret), secret);
    expect(verifyResultToken(sitting, 2_000, secret).ok).toBe(false);
    expect(verifyResultToken(sitting.replace(/^s1/, 'v1'), 2_000, secret).ok).toBe(false);
    const result = signResultToken({ kind: 'iq', lang: 'uk', answers: [], timeSpent: 1 }, 1_000, secret);
    expect(verifySitting(result.replace(/^v1/, 's1'), 'iq', mine, 2_000, secret)).toBeNull();
  });
});

describe('the option order of a sitting', () => {
  const items = SERVED_FORM_IDS.flatMap((f) => iqBank(f));

  it('keeps numeric options ascending and "cannot be determined" last, and shuffles matrices and words', () => {
    const rules = items.map(orderRule);
    expect(rules.filter((r) => r === 'fixed')).toHaveLength(20);
    expect(rules.filter((r) => r === 'last-pinned')).toHaveLength(16);
    for (const item of items) {
      const order = optionOrder(item, 12345);
      expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      if (orderRule(item) === 'fixed') expect(order).toEqual([0, 1, 2, 3, 4, 5]);
      if (orderRule(item) === 'last-pinned') expect(order[5]).toBe(5);
      expect(optionOrder(item, 12345)).toEqual(order);
    }
  });

  it('puts a shuffled key in each place about equally often over many sittings', () => {
    for (const item of items.filter((i) => orderRule(i) === 'shuffled').slice(0, 10)) {
      const places = [0, 0, 0, 0, 0, 0];
      for (let seed = 0; seed < 6_000; seed++)
        places[optionOrder(item, seed * 2654435761).indexOf(item.correctAnswer)]++;
      // 1,000 expected each; ± 5 standard errors (SE ≈ 29).
      for (const n of places) expect(Math.abs(n - 1_000), `item ${item.id}: ${places}`).toBeLessThan(145);
    }
  });
});
