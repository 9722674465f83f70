/**
 * The certificate image (spec part 1; DESIGN.md §2, §4): a JSX-like element tree → SVG with satori → PNG with resvg
 * (./png.ts, shared with the social cards), 1754×1240 (A4 landscape), white. Fonts with full Cyrillic ship with the
 * function; the holder's name, in whatever script, is shaped and fitted by ./certificate-name.ts.
 */
import { t, type Lang } from '../../i18n/index.ts';
import { el, logo, svgImage, svgToPng, treeToSvg, type Node } from './png.ts';
import { nameSvg } from './certificate-name.ts';
import type { TestKind } from '../../domain/views.ts';
import { printedCode } from '../../domain/certificate-code.ts';
import { qrCode, seal } from './certificate-marks.ts';
import { longDate } from '../../i18n/dates.ts';

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
  /** IQ: the 95 % interval and the band (or a caution); career: "Type N of nine". */
  detail: string;
  /** IQ: what the scale is (provisional, no norm); career: that the next type is as close, when the lead is within error. */
  note?: string;
  date: Date;
  code: string;
  /** The absolute address of the verification page in the certificate's language: the QR code opens it. */
  verifyUrl: string;
}

const BLUE = '#1D4ED8';
const INK = '#111827';
const MUTED = '#4B5563';
/** The widest the holder's name may be drawn. */
export const NAME_WIDTH = 1400;

/** Lines of text that may wrap, centred as the lines above them. */
const centredLines = (text: string, fontSize: number, color: string, marginTop: number): Node =>
  el(
    'div',
    {
      display: 'flex',
      justifyContent: 'center',
      textAlign: 'center',
      maxWidth: NAME_WIDTH,
      fontSize,
      color,
      marginTop,
    },
    text,
  );

/** The holder's name, fitted to its width by ./certificate-name.ts and drawn with its fallback fonts. */
function holderLine(holder: string): Node {
  const { svg, height } = nameSvg(holder, NAME_WIDTH, INK);
  return svgImage(svg, NAME_WIDTH, height, { marginTop: 8 });
}

/** The signature line: the date of issue above a rule, and who issued it below. No one's signature is imitated. */
const signature = (d: CertificateData, date: string) =>
  el(
    'div',
    { display: 'flex', flexDirection: 'column', width: 600 },
    el('div', { display: 'flex', fontSize: 30, color: INK, paddingLeft: 4 }, date),
    el('div', { display: 'flex', width: 420, height: 2, backgroundColor: INK, marginTop: 10 }),
    el('div', { display: 'flex', fontSize: 22, color: MUTED, marginTop: 10, paddingLeft: 4 }, t(d.lang, 'cert.issued')),
    el(
      'div',
      { display: 'flex', fontSize: 20, color: MUTED, marginTop: 28, maxWidth: 540 },
      t(d.lang, 'cert.disclaimer'),
    ),
  );

/** The QR code of the verification page, the code as printed and the page's address for typing it. */
const verification = (d: CertificateData) =>
  el(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', width: 600, textAlign: 'right' },
    qrCode(d.verifyUrl, INK),
    el('div', { display: 'flex', fontSize: 20, color: MUTED, marginTop: 4 }, t(d.lang, 'cert.code')),
    el(
      'div',
      { display: 'flex', fontSize: 28, fontWeight: 700, color: INK, whiteSpace: 'nowrap' },
      printedCode(d.code),
    ),
    el('div', { display: 'flex', fontSize: 18, color: MUTED, marginTop: 6 }, d.verifyUrl.replace(/^https?:\/\//, '')),
  );

/**
 * The frame around the content, 48 px in from the edge: a 6 px blue line with rounded corners (24 px outside). Drawn
 * as a blue rounded box with a white one 6 px inside it, which is how the border is drawn in CSS: satori draws a CSS
 * border as a stroke clipped to its box, and resvg renders anything clipped through layers the size of the page —
 * about half of its time. Sizes are explicit: satori's boxes grow by their padding.
 */
const frame = (...children: Node[]) =>
  el(
    'div',
    {
      display: 'flex',
      width: WIDTH - 96 - 12,
      height: HEIGHT - 96 - 12,
      padding: 6,
      borderRadius: 24,
      backgroundColor: BLUE,
    },
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: WIDTH - 96 - 12 - 2 * 64,
        height: HEIGHT - 96 - 12 - 2 * 44,
        padding: '44px 64px',
        borderRadius: 18,
        backgroundColor: '#FFFFFF',
        alignItems: 'center',
        justifyContent: 'space-between',
      },
      ...children,
    ),
  );

function tree(d: CertificateData): Node {
  const date = longDate(d.lang, d.date, 'UTC');
  return el(
    'div',
    { width: WIDTH, height: HEIGHT, display: 'flex', backgroundColor: '#FFFFFF', padding: 48, fontFamily: 'Golos' },
    frame(
      el(
        'div',
        { display: 'flex', width: '100%', alignItems: 'center', justifyContent: 'space-between' },
        logo({
          mark: 72,
          radius: 16,
          gap: 20,
          nameSize: 44,
          markColour: BLUE,
          letterColour: '#FFFFFF',
          nameColour: INK,
        }),
        el(
          'div',
          { display: 'flex', fontSize: 28, color: MUTED },
          t(d.lang, d.kind === 'iq' ? 'cert.kind.iq' : 'cert.kind.professional'),
        ),
      ),
      el(
        'div',
        { display: 'flex', flexDirection: 'column', alignItems: 'center' },
        el(
          'div',
          { display: 'flex', fontSize: 76, fontWeight: 700, color: BLUE, letterSpacing: 6 },
          t(d.lang, 'cert.title').toUpperCase(),
        ),
        el('div', { display: 'flex', fontSize: 30, color: MUTED, marginTop: 12 }, t(d.lang, 'cert.certifies')),
        holderLine(d.holder),
        el('div', { display: 'flex', fontSize: 30, color: MUTED, marginTop: 16 }, d.achieved),
        el(
          'div',
          {
            display: 'flex',
            fontSize: d.kind === 'iq' ? 128 : 96,
            fontWeight: 700,
            color: BLUE,
            lineHeight: 1.1,
          },
          d.headline,
        ),
        // A bounded reading's words run to two lines: centred, as the lines above them.
        centredLines(d.detail, 32, INK, 4),
        ...(d.note ? [centredLines(d.note, 26, MUTED, 8)] : []),
      ),
      el(
        'div',
        { display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'flex-end' },
        signature(d, date),
        seal(210, BLUE),
        verification(d),
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
