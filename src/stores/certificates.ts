/** Certificates: whether a verification code is genuine, and downloading a result's PNG. */
import type * as certificates from '../api/certificates.ts';
import { addressOf, callRetrying } from '../lib/client/call.ts';
import type { Lang } from '../i18n/paths.ts';

export const verifyCode = (code: string, lang: Lang) =>
  callRetrying<typeof certificates.verify>('GET /api/certificates/verify/:code', { params: { code }, query: { lang } });

/** The certificate's address (also the image's, for its owner). */
export const certificateAddress = (resultId: string, lang: Lang) =>
  addressOf('/api/certificates/:resultId' satisfies (typeof certificates.image)['path'], { resultId }, { lang });

/** Downloads the certificate PNG under the name the server gives it; false when it could not be fetched. */
export async function downloadCertificate(resultId: string, lang: Lang): Promise<boolean> {
  try {
    const res = await fetch(certificateAddress(resultId, lang), { credentials: 'same-origin' });
    if (!res.ok) return false;
    const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await res.blob());
    link.download = name ? decodeURIComponent(name) : `certificate_${lang}.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    return true;
  } catch {
    return false;
  }
}
