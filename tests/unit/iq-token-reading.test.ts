/**
 * A visitor's token is read again (when claimed, or shown from the token) the way it was scored: on the scale it
 * names, or — a token signed before item response theory, which names none — by number right with its reliability.
 * Old results keep their figures.
 */
import { describe, expect, it } from 'vitest';
import { rescoreToken } from '../../src/lib/server/scoring.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';
import { readIq, STATED_RELIABILITY } from '../../src/domain/iq/reading.ts';
import { formScale, highestReading, PROVISIONAL_SCALE } from '../../src/domain/iq/scale.ts';
import type { ResultTokenPayload } from '../../src/lib/server/tokens.ts';

const payload = (extra: Partial<ResultTokenPayload>): ResultTokenPayload => ({
  kind: 'iq',
  lang: 'uk',
  formId: 5,
  answers: iqBank(5).map((item) => [item.id, item.correctAnswer, 30_000]),
  timeSpent: 600_000,
  issuedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  ...extra,
});

describe('reading a token again', () => {
  it('reads a token from before item response theory by number right, with the reliability it recorded', async () => {
    const scored = await rescoreToken(payload({ reliability: 0.8 }), 'en', 'teaser');
    const then = readIq(43, 0.8);
    expect(scored.ok && scored.result).toMatchObject({
      scale: null,
      iqEstimate: then.iqEstimate,
      iqInterval: then.iqInterval,
      reliability: 0.8,
    });
    const older = await rescoreToken(payload({}), 'en', 'teaser');
    expect(older.ok && older.result).toMatchObject({ scale: null, reliability: STATED_RELIABILITY });
  });

  it('reads a token that names the provisional scale on it', async () => {
    const scored = await rescoreToken(payload({ scale: PROVISIONAL_SCALE }), 'uk', 'teaser');
    const scale = formScale(5)!;
    expect(scored.ok && scored.result).toMatchObject({
      scale: 'provisional',
      reliability: scale.reliability,
      // A perfect sheet: the highest figure the form gives, its interval past the top of what the form measures.
      iqBound: null,
      iqEstimate: highestReading(scale),
    });
  });
});
