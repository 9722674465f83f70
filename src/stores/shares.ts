/** Sharing a saved result by choice (issue 32): publishing its public link, and taking it down. */
import type * as results from '../api/results.ts';
import { call } from '../lib/client/call.ts';
import type { TestKind } from '../domain/views.ts';
import { localizedPath, type Lang } from '../i18n/paths.ts';
import { track } from '../lib/analytics.ts';

/** The public page of a shared result, in its language, on this site. */
export const sharedUrl = (code: string, lang: Lang) => location.origin + localizedPath(lang, `/r/${code}`);

/**
 * The card its page shows to a network (og:image), for the preview. `named` only tells the browser's image cache
 * apart (the server ignores it): the card changes when the name shown does, and the preview must show the new one.
 */
export const sharedCard = (code: string, lang: Lang, named: boolean) =>
  `/api/shares/${encodeURIComponent(code)}/card?lang=${lang}&named=${named ? 1 : 0}`;

export async function publishResult(kind: TestKind, id: string, lang: Lang, showName: boolean) {
  const outcome = await call<typeof results.share>('POST /api/results/:kind/:id/share', {
    params: { kind, id },
    body: { lang, showName },
  });
  if (outcome.ok) track('share_published', { test_type: kind, shows_name: showName });
  return outcome;
}

export async function unpublishResult(kind: TestKind, id: string) {
  const outcome = await call<typeof results.unshare>('DELETE /api/results/:kind/:id/share', { params: { kind, id } });
  if (outcome.ok) track('share_revoked', { test_type: kind });
  return outcome;
}
