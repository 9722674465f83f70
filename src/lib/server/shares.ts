/**
 * Results their owners chose to show (issue 32): one public link per saved result, under an unguessable code. Only
 * the owner shares or revokes; a result that earns no certificate (a cautioned sheet, a career sheet with no clear
 * type, a copy of a sheet saved first elsewhere) cannot be shared, for the same reason. What the public page and its
 * card say is what the certificate says (certificateFacts), read from the result at each visit; never the answers or
 * the review. A revoked link, a deleted result or a deleted account answers 404 (db/migrations/0018_result_shares.sql).
 */
import { createHash, randomBytes } from 'node:crypto';
import { localizedPath, t, type Lang } from '../../i18n/index.ts';
import { profileOf } from '../../domain/career/profiles.ts';
import type { TestKind } from '../../domain/views.ts';
import { db } from './db.ts';
import { certificateFacts, certificateRefusal, findCertifiedResult } from './certificates.ts';
import { firstNameOf } from '../../domain/contact.ts';
import { renderCard } from './social-cards.ts';

/** 16 random bytes, base64url: 22 characters. */
export const SHARE_CODE = /^[A-Za-z0-9_-]{22}$/;
const newCode = () => randomBytes(16).toString('base64url');

const column = (kind: TestKind) => (kind === 'iq' ? 'iq_result_id' : 'professional_result_id');

/** The public address of a shared result in its language. */
export const sharePath = (lang: Lang, code: string) => localizedPath(lang, `/r/${code}`);

export type ShareOutcome =
  | { ok: true; code: string }
  | { ok: false; error: 'share.error.not_found' | (typeof SHARE_REFUSALS)[keyof typeof SHARE_REFUSALS] };

/** Why a result cannot be shared, said as its certificate's refusal is: a caution, no clear type, a copied sheet. */
const SHARE_REFUSALS = {
  'certificate.error.caution': 'share.error.caution',
  'certificate.error.no_clear_type': 'share.error.no_clear_type',
  'certificate.error.duplicate': 'share.error.duplicate',
} as const;

/**
 * Why a result cannot be shared, if it cannot: its certificate's refusal, except near chance — a reading the form
 * cannot certify precisely is still its holder's reading, with its interval, to share (issue 43).
 */
function shareRefusal(row: Parameters<typeof certificateRefusal>[0]) {
  const refusal = certificateRefusal(row);
  return refusal === 'certificate.error.near_chance' ? null : refusal;
}

/**
 * Publishes the owner's result (or changes how an existing link shows it: its language, the first name): the same
 * code every time, so a link already sent keeps working.
 */
export async function shareResult(input: {
  userId: string;
  kind: TestKind;
  id: string;
  lang: Lang;
  showName: boolean;
}): Promise<ShareOutcome> {
  const row = await findCertifiedResult({ id: input.id, userId: input.userId });
  if (!row || row.kind !== input.kind || row.user_id !== input.userId)
    return { ok: false, error: 'share.error.not_found' };
  const refusal = shareRefusal(row);
  if (refusal) return { ok: false, error: SHARE_REFUSALS[refusal] };
  const col = column(input.kind);
  // The account (and with it the result) may be deleted between the check above and this write: its foreign key
  // then refuses the row (23503), which is the "not found" it is by now, not a server error.
  const rows = await (
    await db()
  )
    .query<{ code: string }>(
      `INSERT INTO result_shares (code, kind, ${col}, user_id, lang, show_name) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (${col}) DO UPDATE SET lang = EXCLUDED.lang, show_name = EXCLUDED.show_name
     RETURNING code`,
      [newCode(), input.kind, input.id, input.userId, input.lang, input.showName],
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23503') return null;
      throw error;
    });
  if (!rows) return { ok: false, error: 'share.error.not_found' };
  return { ok: true, code: rows[0].code };
}

/** Takes the owner's link down; false when there was none (or the result is not theirs). */
export async function revokeShare(userId: string, kind: TestKind, id: string): Promise<boolean> {
  const rows = await (
    await db()
  ).query(`DELETE FROM result_shares WHERE user_id = $1 AND kind = $2 AND ${column(kind)} = $3 RETURNING code`, [
    userId,
    kind,
    id,
  ]);
  return rows.length > 0;
}

/** What a shared result's page and card say, in the language the owner shared it in. */
export interface SharedResult {
  code: string;
  kind: TestKind;
  lang: Lang;
  /** The holder's first name, when they chose to show it and have one. */
  firstName: string | null;
  /**
   * e.g. "IQ 112" or "Analyst"; what was achieved; the interval and band, or the type; a note: what the IQ scale is
   * (provisional, no norm), or that a career lead is within error.
   */
  headline: string;
  /** What follows `achieved` in a sentence: "112" after "a provisional IQ-equivalent of", the type's name. */
  stated: string;
  achieved: string;
  detail: string;
  note?: string;
  /** The career type (one type's result), for its colour and its public page. */
  type: number | null;
  date: Date;
}

/**
 * The shared result behind a code, in the page's language (the one it was shared in unless the page asks another),
 * or null: no such code, revoked, or the result gone or no longer shareable.
 */
export async function findShared(code: string, pageLang?: Lang): Promise<SharedResult | null> {
  if (!SHARE_CODE.test(code)) return null;
  const [share] = await (
    await db()
  ).query<{
    kind: TestKind;
    iq_result_id: string | null;
    professional_result_id: string | null;
    user_id: string;
    lang: Lang;
    show_name: boolean;
  }>('SELECT kind, iq_result_id, professional_result_id, user_id, lang, show_name FROM result_shares WHERE code = $1', [
    code,
  ]);
  if (!share) return null;
  const row = await findCertifiedResult({
    id: (share.iq_result_id ?? share.professional_result_id)!,
    userId: share.user_id,
  });
  if (!row || row.kind !== share.kind || shareRefusal(row)) return null;
  const lang = pageLang ?? share.lang;
  const facts = certificateFacts(row, lang);
  const firstName = share.show_name ? firstNameOf(row.full_name) : null;
  return {
    code,
    kind: row.kind,
    lang,
    firstName,
    headline: facts.headline,
    stated: row.kind === 'iq' ? facts.score : facts.headline,
    achieved: facts.achieved,
    detail: facts.detail,
    note: 'note' in facts ? facts.note : undefined,
    type: ('type' in facts ? facts.type : null) ?? null,
    date: new Date(row.created_at),
  };
}

const cards = new Map<string, Buffer>();
const CARD_CACHE_LIMIT = 200;
/** Cards being drawn: a second request for the same card while the first draws it waits for that one. */
const drawing = new Map<string, Promise<Buffer>>();

/** The 1200×630 card of a shared result (its og:image), drawn like the pages' cards and kept in memory by content. */
export async function shareCard(shared: SharedResult): Promise<{ png: Buffer; etag: string; cached: boolean }> {
  const { lang } = shared;
  const who = shared.firstName ? `${shared.firstName} · ` : '';
  const colour = shared.type ? profileOf(shared.type, lang).color : '#1D4ED8';
  const content = {
    title: shared.headline,
    line: `${who}${t(lang, `share.card.${shared.kind}`)} · ${shared.detail}`,
    from: colour,
    to: shared.type ? '#111827' : '#3B82F6',
    withLogo: true,
  };
  const key = createHash('sha1').update(JSON.stringify(content)).digest('hex');
  let png = cards.get(key);
  const cached = Boolean(png);
  if (!png) {
    // A link posted to a network is fetched by several crawlers at once: one drawing serves them all.
    let pending = drawing.get(key);
    if (!pending) {
      pending = renderCard(content).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    png = await pending;
    if (!cards.has(key)) {
      if (cards.size >= CARD_CACHE_LIMIT) cards.delete(cards.keys().next().value!);
      cards.set(key, png);
    }
  }
  return { png, etag: `"${key.slice(0, 27)}"`, cached };
}
