/**
 * Certificates (spec part 1; DESIGN.md §2, §4): rendered on the server per language from the stored result,
 * JSX-like element tree → SVG with satori → PNG with resvg (./png.ts, shared with the social cards), 1754×1240
 * (A4 landscape), white. Fonts with full Cyrillic ship with the function. Rendered PNGs are kept in memory, so a
 * repeat request costs nothing.
 */
import { createHash } from 'node:crypto';
import { t, type Lang } from '../../i18n/index.ts';
import { db } from './db.ts';
import { el, svgToPng, treeToSvg, type Node } from './png.ts';
import { scoreIqSheet } from '../../domain/iq/scoring.ts';
import { iqReadingTexts } from '../iq-reading.ts';
import { storedIqSheet } from './results.ts';
import { profileOf } from '../../domain/career/profiles.ts';
import { scoreCareerAnswers, type CareerAnswer } from '../../domain/career/scoring.ts';

export const WIDTH = 1754;
export const HEIGHT = 1240;

export interface CertificateData {
  kind: 'iq' | 'professional';
  lang: Lang;
  holder: string;
  /** The line before the headline (which differs for a career result that stays between types). */
  achieved: string;
  /** IQ: the estimate; career: the type's title. */
  headline: string;
  /** IQ: rating label and range; career: "Type N". */
  detail: string;
  date: Date;
  code: string;
  verifyUrl: string;
}

const BLUE = '#1D4ED8';
const INK = '#111827';
const MUTED = '#4B5563';

export const displayCode = (code: string) =>
  code
    .toUpperCase()
    .match(/.{1,5}/g)!
    .join('-');

function tree(d: CertificateData): Node {
  const date = d.date.toLocaleDateString(d.lang === 'uk' ? 'uk-UA' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return el(
    'div',
    { width: WIDTH, height: HEIGHT, display: 'flex', backgroundColor: '#FFFFFF', padding: 48, fontFamily: 'Golos' },
    // Sizes are explicit: satori's boxes grow by their padding and border.
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: WIDTH - 96 - 2 * 64 - 12,
        height: HEIGHT - 96 - 2 * 56 - 12,
        border: `6px solid ${BLUE}`,
        borderRadius: 24,
        padding: '56px 64px',
        alignItems: 'center',
        justifyContent: 'space-between',
      },
      el(
        'div',
        { display: 'flex', width: '100%', alignItems: 'center', justifyContent: 'space-between' },
        el(
          'div',
          { display: 'flex', alignItems: 'center' },
          el(
            'div',
            {
              display: 'flex',
              width: 84,
              height: 84,
              borderRadius: 18,
              backgroundColor: BLUE,
              color: '#FFFFFF',
              fontSize: 56,
              fontWeight: 700,
              alignItems: 'center',
              justifyContent: 'center',
            },
            'R',
          ),
          el('div', { display: 'flex', marginLeft: 24, fontSize: 52, fontWeight: 700, color: INK }, 'Rozum'),
        ),
        el(
          'div',
          { display: 'flex', fontSize: 30, color: MUTED },
          t(d.lang, d.kind === 'iq' ? 'cert.kind.iq' : 'cert.kind.professional'),
        ),
      ),
      el(
        'div',
        { display: 'flex', flexDirection: 'column', alignItems: 'center' },
        el(
          'div',
          { display: 'flex', fontSize: 96, fontWeight: 700, color: BLUE, letterSpacing: 4 },
          t(d.lang, 'cert.title').toUpperCase(),
        ),
        el('div', { display: 'flex', fontSize: 36, color: MUTED, marginTop: 24 }, t(d.lang, 'cert.certifies')),
        el(
          'div',
          {
            display: 'flex',
            fontSize: 80,
            fontWeight: 700,
            color: INK,
            marginTop: 20,
            maxWidth: 1400,
            textAlign: 'center',
          },
          d.holder,
        ),
        el('div', { display: 'flex', fontSize: 36, color: MUTED, marginTop: 28 }, d.achieved),
        el(
          'div',
          {
            display: 'flex',
            fontSize: d.kind === 'iq' ? 160 : 110,
            fontWeight: 700,
            color: BLUE,
            marginTop: 8,
            lineHeight: 1.1,
          },
          d.headline,
        ),
        el('div', { display: 'flex', fontSize: 40, color: INK, marginTop: 8 }, d.detail),
      ),
      el(
        'div',
        {
          display: 'flex',
          width: '100%',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          fontSize: 28,
          color: MUTED,
        },
        el(
          'div',
          { display: 'flex', flexDirection: 'column' },
          el('div', { display: 'flex' }, `${t(d.lang, 'cert.date')}: ${date}`),
          el('div', { display: 'flex', marginTop: 8, fontSize: 22 }, t(d.lang, 'cert.disclaimer')),
        ),
        el(
          'div',
          { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
          el('div', { display: 'flex' }, `${t(d.lang, 'cert.code')}: ${displayCode(d.code)}`),
          el('div', { display: 'flex', marginTop: 8, fontSize: 22 }, d.verifyUrl),
        ),
      ),
    ),
  );
}

export const certificateSvg = (d: CertificateData): Promise<string> => treeToSvg(tree(d), WIDTH, HEIGHT);

export async function renderCertificate(d: CertificateData): Promise<Buffer> {
  return svgToPng(await certificateSvg(d), '#FFFFFF');
}

/** Spec part 1 §5: sanitised name (anything but letters and digits → "_"), kind upper-cased, UA/EN, score, .png */
export function certificateFileName(holder: string, kind: 'iq' | 'professional', lang: Lang, score: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'User';
  return `${clean(holder)}_${kind.toUpperCase()}_${lang === 'uk' ? 'UA' : 'EN'}_${clean(score)}.png`;
}

/** The holder's name on the certificate: full name, else the part of the email before the at-sign, else "User". */
export const holderName = (fullName: string | null, email: string | null) =>
  fullName?.trim() || email?.split('@')[0] || 'User';

interface ResultRow {
  id: string;
  user_id: string;
  answers: unknown[];
  form_id: number | null;
  reliability: number | null;
  time_spent: number;
  created_at: Date;
  verification_code: string;
  full_name: string;
  email: string;
  kind: 'iq' | 'professional';
}

const SELECT = (table: string, kind: string) =>
  `SELECT r.id, r.user_id, r.answers, r.time_spent, r.created_at, r.verification_code, p.full_name, p.email, '${kind}' AS kind,
     ${kind === 'iq' ? 'r.form_id, r.reliability' : 'NULL AS form_id, NULL AS reliability'}
   FROM ${table} r JOIN user_profiles p ON p.id = r.user_id`;

/** A result with its holder, by id (and owner, or verification code) or by code alone. */
/** A verification code as typed or linked: lower-case base32 letters only (anything else, NUL included, dropped). */
export const cleanVerificationCode = (raw: string): string | null => {
  const code = raw.toLowerCase().replace(/[^a-z2-7]/g, '');
  return code.length >= 16 && code.length <= 64 ? code : null;
};

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
    if (rows[0]) return rows[0];
  }
  return null;
}

/** What a certificate says about a result, in a language. */
export function certificateFacts(row: ResultRow, lang: Lang) {
  if (row.kind === 'iq') {
    // The page's reading, word for word; a cautioned result carries its caution instead of a band (no "gifted").
    const r = scoreIqSheet(
      storedIqSheet({ ...row, form_id: row.form_id ?? 0, reliability: row.reliability ?? undefined }),
    );
    const texts = iqReadingTexts((key, vars) => t(lang, key, vars), r);
    const label = r.cautions.length ? t(lang, `cert.caution.${r.cautions[0]}`) : t(lang, `iq.label.${r.ratingLabel}`);
    return {
      score: String(r.iqEstimate),
      achieved: t(lang, 'cert.achieved.iq'),
      headline: `IQ ${texts.value}`,
      detail: `${label} · ${t(lang, 'cert.interval', { low: r.iqInterval[0], high: r.iqInterval[1] })}`,
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
    };
  }
  return {
    score: r.personalityType,
    achieved: t(lang, 'cert.achieved.professional'),
    headline: r.personalityType,
    detail: t(lang, 'cert.type', { n: r.primaryType }),
  };
}

const cache = new Map<string, { png: Buffer; etag: string }>();
const CACHE_LIMIT = 200;

/** The PNG for a result in a language, rendered once per content and then served from memory. */
export async function certificatePng(row: ResultRow, lang: Lang, siteUrl: string) {
  const facts = certificateFacts(row, lang);
  const holder = holderName(row.full_name, row.email);
  const data: CertificateData = {
    kind: row.kind,
    lang,
    holder,
    achieved: facts.achieved,
    headline: facts.headline,
    detail: facts.detail,
    date: new Date(row.created_at),
    code: row.verification_code,
    verifyUrl: `${siteUrl.replace(/^https?:\/\//, '')}${lang === 'en' ? '/eng' : ''}/verify?code=${row.verification_code}`,
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
