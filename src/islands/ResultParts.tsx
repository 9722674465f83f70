/**
 * Pieces both results pages share: the actions, the sign-in link and the premium gate card (statistics and
 * certificate: CertificateSection.tsx; restart warning: RestartDialog.tsx).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { track } from '../lib/analytics.ts';
import type { T } from '../lib/client/texts.ts';
import { startUnlock } from '../lib/client/unlock.ts';
import { takeResumedPurchase } from '../stores/payment.ts';
import { ShareModal, type OwnResult } from './ShareModal.tsx';
import { PaymentModal } from './PaymentModal.tsx';
import { isSignedIn, rememberWayBack } from '../lib/client/auth-state.ts';
import { IconSvg, LOCK } from '../components/icon-svg.tsx';
import type { ResultsLinks, ResultViewProps } from './results-data.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

/** A link to sign in that comes back to this result, which the sign-in return step saves to the account. */
export function SignInLink({
  kind,
  resultId,
  links,
  className,
  children,
}: {
  kind: TestKind;
  resultId?: string;
  links: ResultsLinks;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a className={className} href={links.login} onClick={() => rememberWayBack(kind, resultId)}>
      {children}
    </a>
  );
}

/**
 * A visitor's result is kept on this device only: the banner at the top of every teaser says until when, offers to
 * keep it in a profile (sign in), and to forget it here — a shared computer should not keep it (issue 31).
 */
export function KeptBanner({
  t,
  lang,
  kind,
  links,
  kept,
}: {
  t: T;
  lang: Lang;
  kind: TestKind;
  links: ResultsLinks;
  kept: NonNullable<ResultViewProps<unknown>['kept']>;
}) {
  const date = kept.until
    ? new Date(kept.until).toLocaleDateString(lang === 'uk' ? 'uk-UA' : 'en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })
    : null;
  return (
    <div className="notice keep-banner" data-testid="kept-banner">
      <p>
        {date ? t('save.kept', { date }) : t('save.keptTab')}{' '}
        <SignInLink kind={kind} links={links}>
          {t('save.keep')}
        </SignInLink>
      </p>
      <button type="button" className="link-button" onClick={kept.forget}>
        {t('save.forget')}
      </button>
    </div>
  );
}

export function ResultActions({
  t,
  links,
  onRestart,
  shareText,
  signedIn,
  own,
}: {
  t: T;
  links: ResultsLinks;
  onRestart: () => void;
  shareText: string;
  /** "My profile" is for signed-in people only. */
  signedIn: boolean;
  /** A saved result of the signed-in owner, which can get a public link (issue 32). */
  own?: OwnResult;
}) {
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <div className="result-actions">
      <a className="button button-ghost" href={links.home}>
        {t('results.home')}
      </a>
      {signedIn ? (
        <a className="button button-ghost" href={links.profile}>
          {t('results.profile')}
        </a>
      ) : null}
      <a className="button button-ghost" href={links.otherTest}>
        {t('results.other')}
      </a>
      <button type="button" className="button button-ghost" onClick={() => setShareOpen(true)}>
        {t('share.open')}
      </button>
      <button type="button" className="button" onClick={onRestart}>
        {t('results.restart')}
      </button>
      <ShareModal
        // Drawn afresh once the owner is known (signed-in state arrives after the result): its link state starts there.
        key={own ? `${own.id}:${own.share?.code ?? ''}` : 'landing'}
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        url={new URL(links.share, location.origin).toString()}
        text={shareText}
        t={t}
        own={own}
      />
    </div>
  );
}

/**
 * What replaces full content for callers without access (spec part 1 "Premium gate"): the subscribe button sends
 * a visitor to sign in (remembering the way back) and opens the payment modal for a signed-in user.
 */
export function PremiumGate({
  t,
  kind,
  resultId,
  links,
  what,
  lang,
}: {
  t: T;
  kind: TestKind;
  resultId?: string;
  links: ResultsLinks;
  what: string;
  lang: Lang;
}) {
  const [open, setOpen] = useState(false);
  useEffect(
    () => track('view_promotion', { promotion_id: 'premium_30_days', promotion_name: 'Premium', creative_slot: kind }),
    [kind],
  );
  // Back from signing in, or from a declined payment's "Try again": the purchase the user started goes on.
  useEffect(() => {
    if (isSignedIn() && takeResumedPurchase(kind)) setOpen(true);
  }, [kind]);
  return (
    <div className="premium-gate">
      <p className="premium-badge">
        <IconSvg>{LOCK}</IconSvg> {t('premium.feature')}
      </p>
      <p>{what}</p>
      <button
        type="button"
        className="button"
        onClick={() => (isSignedIn() ? setOpen(true) : startUnlock(kind, resultId, links.login))}
      >
        {t('premium.unlock')}
      </button>
      <PaymentModal
        open={open}
        onClose={() => setOpen(false)}
        t={t}
        lang={lang}
        kind={kind}
        resultId={resultId}
        resultHref={`${kind === 'iq' ? links.results : links.proResults}${resultId ? `?id=${resultId}` : ''}`}
        paymentResultHref={links.paymentResult}
      />
    </div>
  );
}

/** The cautions a result leads with, above its reading (the keys under `prefix` name each caution's text). */
export function Cautions({
  cautions,
  t,
  prefix,
  testId,
}: {
  cautions: string[];
  t: T;
  prefix: string;
  testId: string;
}) {
  if (!cautions.length) return null;
  return (
    <section className="notice notice-caution" role="note" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`}>{t('results.caution.title')}</h2>
      {cautions.map((c) => (
        <p key={c}>{t(`${prefix}${c}`)}</p>
      ))}
    </section>
  );
}
