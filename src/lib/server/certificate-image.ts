/**
 * The certificate image (spec part 1; DESIGN.md §2, §4): a JSX-like element tree → SVG with satori → PNG with resvg
 * (./png.ts, shared with the social cards), 1754×1240 (A4 landscape), white. Fonts with full Cyrillic ship with the
 * function.
 */
import { t, type Lang } from '../../i18n/index.ts';
import { el, logo, svgToPng, treeToSvg, type Node } from './png.ts';
import type { TestKind } from '../../domain/views.ts';
import { printedCode } from '../../domain/certificate-code.ts';

export const WIDTH = 1754;
export const HEIGHT = 1240;

export interface CertificateData {
  kind: TestKind;
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
        logo({
          mark: 84,
          radius: 18,
          gap: 24,
          nameSize: 52,
          markColour: BLUE,
          letterColour: '#FFFFFF',
          nameColour: INK,
        }),
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
          el('div', { display: 'flex' }, `${t(d.lang, 'cert.code')}: ${printedCode(d.code)}`),
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
export function certificateFileName(holder: string, kind: TestKind, lang: Lang, score: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'User';
  return `${clean(holder)}_${kind.toUpperCase()}_${lang === 'uk' ? 'UA' : 'EN'}_${clean(score)}.png`;
}
