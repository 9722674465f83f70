/**
 * Certificates of saved results (spec part 1; DESIGN.md §2, §4): the result behind an id or a verification code,
 * what its certificate says in a language, and the PNG (./certificate-image.ts), rendered per language from the
 * stored result. Rendered PNGs are kept in memory, so a repeat request costs nothing.
 */
import { createHash } from 'node:crypto';
import { t, type Lang } from '../../i18n/index.ts';
import { db } from './db.ts';
import { certificateFileName, renderCertificate, type CertificateData } from './certificate-image.ts';
import { scoreIqSheet } from '../../domain/iq/scoring.ts';
import { iqReadingTexts } from '../iq-reading.ts';
import { storedIqSheet } from './results.ts';
import { ensureScales } from './scales.ts';
import { profileOf } from '../../domain/career/profiles.ts';
import { scoreCareerAnswers, type CareerAnswer } from '../../domain/career/scoring.ts';
import type { TestKind } from '../../domain/views.ts';
import { verifyPath } from '../../domain/certificate-code.ts';
import { personName } from '../../domain/contact.ts';

/**
 * The holder's name on the certificate: the full name as the name rule leaves it, or null when there is none (a name
 * stored before the rule that is only invisible characters counts as none). Never the email's: a certificate without
 * the holder's own name is not issued; the page asks for the name first (issue 31).
 */
export function holderName(fullName: string | null): string | null {
  const checked = personName(fullName ?? '');
  return checked.ok ? checked.name : null;
}

interface ResultRow {
  id: string;
  user_id: string;
  answers: unknown[];
  form_id: number | null;
  reliability: number | null;
  scale: string | null;
  key_seen: boolean | null;
  time_spent: number;
  created_at: Date;
  verification_code: string;
  submission_key: string;
  full_name: string;
  email: string;
  kind: TestKind;
}

const SELECT = (table: string, kind: string) =>
  `SELECT r.id, r.user_id, r.answers, r.time_spent, r.created_at, r.verification_code, r.submission_key, p.full_name, p.email, '${kind}' AS kind,
     ${kind === 'iq' ? 'r.form_id, r.reliability, r.scale, r.key_seen' : 'NULL AS form_id, NULL AS reliability, NULL AS scale, NULL AS key_seen'}
   FROM ${table} r JOIN user_profiles p ON p.id = r.user_id`;

/** A result with its holder, by id (and owner, or verification code) or by code alone. */
export async function findCertifiedResult(
  where: { id: string; userId?: string; code?: string } | { code: string },
): Promise<ResultRow | null> {
  const database = await db();
  for (const [table, kind] of [
    ['test_results', 'iq'],
    ['professional_test_results', 'professional'],
  ] as const) {
    const rows =
      'id' in where
        ? await database.query<ResultRow>(
            `${SELECT(table, kind)} WHERE r.id = $1 AND (r.user_id = $2 OR r.verification_code = $3)`,
            [where.id, where.userId ?? null, where.code ?? null],
          )
        : await database.query<ResultRow>(`${SELECT(table, kind)} WHERE r.verification_code = $1`, [where.code]);
    if (rows[0]) {
      await ensureScales([rows[0].scale]);
      return rows[0];
    }
  }
  return null;
}

/**
 * Why a saved result earns no certificate, or null when it does: a cautioned sheet (straight-lined, rushed, misfit,
 * key seen; career answers all one way or alternating) does not measure its holder; an IQ sheet near chance keeps
 * its reading, but the form cannot place a figure there precisely enough to certify it (issue 43); and a career sheet
 * with no clear type names none (DESIGN.md §3.8). The results page says so.
 */
export function certificateRefusal(
  row: Pick<ResultRow, 'kind' | 'answers' | 'time_spent' | 'form_id' | 'reliability' | 'key_seen' | 'submission_key'> &
    Partial<Pick<ResultRow, 'scale'>>,
) {
  // A copy of a sheet another account saved first (claimed before one sheet could hold only one result): the first
  // holds it; this one is not certified, whatever was downloaded before.
  if (row.submission_key.startsWith('dup:')) return 'certificate.error.duplicate' as const;
  if (row.kind === 'iq') {
    const r = scoreIqSheet(
      storedIqSheet({ ...row, form_id: row.form_id ?? 0, reliability: row.reliability ?? undefined }),
    );
    if (r.cautions.length) return 'certificate.error.caution' as const;
    return r.nearChance ? ('certificate.error.near_chance' as const) : null;
  }
  const r = scoreCareerAnswers(row.answers as CareerAnswer[], row.time_spent, 'uk');
  if (r.cautions.length) return 'certificate.error.caution' as const;
  // No one type to name: not a fault in the answers, but nothing a certificate could state.
  return r.noClearType ? ('certificate.error.no_clear_type' as const) : null;
}

/** What a certificate says about a result, in a language. */
export function certificateFacts(row: ResultRow, lang: Lang) {
  if (row.kind === 'iq') {
    // The page's reading, word for word; a cautioned result carries its caution instead of a band (no "gifted").
    const r = scoreIqSheet(
      storedIqSheet({ ...row, form_id: row.form_id ?? 0, reliability: row.reliability ?? undefined }),
    );
    const texts = iqReadingTexts((key, vars) => t(lang, key, vars), r);
    const label = r.cautions.length ? t(lang, `cert.caution.${r.cautions[0]}`) : texts.band;
    return {
      // The file is named by the figure the certificate states: "above 115" when the reading is bounded.
      score: texts.value,
      achieved: t(lang, 'cert.achieved.iq'),
      headline: `IQ ${texts.value}`,
      detail: `${texts.interval} · ${label}`,
      // What the figure is: a place on the test's provisional scale, not among people (no norm yet; issue 43).
      note: t(lang, 'cert.scale.provisional'),
    };
  }
  const r = scoreCareerAnswers(row.answers as CareerAnswer[], row.time_spent, lang);
  if (r.tiedTypes.length > 1) {
    // As the results page says: between these types, not one of them.
    const titles = r.tiedTypes.map((type) => profileOf(type, lang).title);
    return {
      score: titles.join('-'),
      achieved: t(lang, 'cert.achieved.between'),
      headline: new Intl.ListFormat(lang, { type: 'conjunction' }).format(titles),
      detail: t(lang, 'cert.types', { types: r.tiedTypes.join(' · ') }),
      type: null,
    };
  }
  return {
    score: r.personalityType,
    achieved: t(lang, 'cert.achieved.professional'),
    headline: r.personalityType,
    detail: t(lang, 'cert.type', { n: r.primaryType }),
    // The closest type on this test; when the next is within error, the certificate says a retake may name it.
    note: r.lead.beyondError
      ? undefined
      : t(lang, 'cert.lead.within', { type: profileOf(r.secondaryType, lang).title }),
    /** The one type the result names (its colour on a shared card); null for two level. */
    type: r.primaryType,
  };
}

const cache = new Map<string, { png: Buffer; etag: string }>();
const CACHE_LIMIT = 200;

/** The PNG for a result in a language, rendered once per content and then served from memory. */
export async function certificatePng(row: ResultRow & { holder: string }, lang: Lang, siteUrl: string) {
  const facts = certificateFacts(row, lang);
  const holder = row.holder;
  const data: CertificateData = {
    kind: row.kind,
    lang,
    holder,
    achieved: facts.achieved,
    headline: facts.headline,
    detail: facts.detail,
    note: facts.note,
    date: new Date(row.created_at),
    code: row.verification_code,
    verifyUrl: siteUrl + verifyPath(lang, row.verification_code),
  };
  const key = createHash('sha1').update(JSON.stringify(data)).digest('hex');
  let entry = cache.get(key);
  const cached = Boolean(entry);
  if (!entry) {
    const png = await renderCertificate(data);
    entry = { png, etag: `"${createHash('sha1').update(png).digest('base64url').slice(0, 27)}"` };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
    // Both languages' addresses are stored on the first generation (spec part 1 certificate flow).
    await (
      await db()
    ).query(
      `UPDATE ${row.kind === 'iq' ? 'test_results' : 'professional_test_results'} SET certificate_url_uk = COALESCE(certificate_url_uk, $1), certificate_url_en = COALESCE(certificate_url_en, $2) WHERE id = $3`,
      [`/api/certificates/${row.id}?lang=uk`, `/api/certificates/${row.id}?lang=en`, row.id],
    );
  }
  return { ...entry, cached, fileName: certificateFileName(holder, row.kind, lang, facts.score) };
}
