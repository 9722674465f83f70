/**
 * Share a result: prefilled text, five networks in 600×400 windows, the browser's own share sheet where it has one,
 * and copy-link (the message selected for copying by hand where the browser has no clipboard). The owner of a saved result can publish it (issue 32): the modal says plainly
 * what becomes public, shows the card the link will carry, and can take the link down again.
 */
import { useEffect, useState } from 'react';
import { Dialog } from './Dialog.tsx';
import type { T } from '../lib/client/texts.ts';
import type { SharedLink } from '../api/results.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';
import { publishResult, sharedCard, sharedUrl, unpublishResult } from '../stores/shares.ts';
import { loadMe } from '../stores/me.ts';
import { firstNameOf } from '../domain/contact.ts';
import { track } from '../lib/analytics.ts';

/** The owner's saved result, which can get a public link of its own unless `refused` says why not. */
export interface OwnResult {
  kind: TestKind;
  id: string;
  lang: Lang;
  share: SharedLink | null;
  refused?: 'caution' | 'no_clear_type';
}

export const COPIED_RESET_MS = 2000;

export function shareTargets(url: string, text: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const x = encodeURIComponent(text);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${x}&url=${u}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${x}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${x}%20${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

export function ShareModal({
  open,
  onClose,
  url: landingUrl,
  text,
  t,
  own,
}: {
  open: boolean;
  onClose: () => void;
  /** Where a share leads without a public link of the result: the test's landing. */
  url: string;
  text: string;
  t: T;
  own?: OwnResult;
}) {
  const [copied, setCopied] = useState(false);
  const [link, setLink] = useState<SharedLink | null>(own?.share ?? null);
  const [showName, setShowName] = useState(own?.share?.showName ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const url = link ? sharedUrl(link.code, link.lang) : landingUrl;
  /** The name the page would show (the first word of the profile's), said before it is public; null: none to show. */
  const [shownName, setShownName] = useState<string | null>(null);
  useEffect(() => {
    if (!open || !own) return;
    void loadMe().then((r) => setShownName(r.ok ? firstNameOf(r.data.profile.fullName) : null));
  }, [open, own]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard here (an old browser, an insecure page): the message with the link is selected to copy by hand.
      (document.getElementById('share-text') as HTMLTextAreaElement | null)?.select();
    }
    track('share', { method: 'copy', public_link: Boolean(link) });
  }

  /** Publishes the result, or changes whether its live link shows the name (the same link: one already sent works). */
  async function publish(named = showName) {
    if (!own) return;
    setBusy(true);
    setError('');
    const lang = link?.lang ?? own.lang;
    // A live link's name box follows the click at once (and goes back if the change fails); its card, drawn by the
    // server, changes once the server has the change (`showName`).
    const before = link;
    if (before) setLink({ ...before, showName: named });
    const outcome = await publishResult(own.kind, own.id, lang, named && Boolean(shownName));
    setBusy(false);
    if (outcome.ok) {
      setShowName(named);
      setLink({ code: outcome.data.code, lang, showName: named });
    } else {
      if (before) setLink(before);
      setError(outcome.message ?? t('share.public.failed'));
    }
  }

  async function unpublish() {
    if (!own) return;
    setBusy(true);
    setError('');
    const outcome = await unpublishResult(own.kind, own.id);
    setBusy(false);
    if (outcome.ok) setLink(null);
    else setError(outcome.message ?? t('share.public.failed'));
  }

  const native = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  // Whether the page shows the first name: chosen before publishing, and changed on the live link itself (no need
  // to take it down and lose its address).
  const nameBox = shownName ? (
    <div className="field-check">
      <input
        id="share-name"
        type="checkbox"
        checked={link ? link.showName : showName}
        disabled={busy}
        onChange={(e) => (link ? void publish(e.target.checked) : setShowName(e.target.checked))}
      />
      <label htmlFor="share-name">{t('share.public.nameAs', { name: shownName })}</label>
    </div>
  ) : null;
  return (
    <Dialog open={open} onClose={onClose} labelledBy="share-title" className="share-dialog">
      <h2 id="share-title">{t('share.title')}</h2>
      {own ? (
        <section className="share-public" aria-labelledby="share-public-title">
          <h3 id="share-public-title">{t('share.public.title')}</h3>
          {own.refused ? (
            <p>{t(`share.error.${own.refused}`)}</p>
          ) : link ? (
            <>
              <p>{t(`share.public.live.${own.kind}`)}</p>
              {link.showName && shownName ? <p>{t('share.public.named', { name: shownName })}</p> : null}
              {nameBox}
              <img
                className="share-card"
                src={sharedCard(link.code, link.lang, showName && Boolean(shownName))}
                width={1200}
                height={630}
                alt={t('share.public.cardAlt')}
              />
              <button type="button" className="link-button" disabled={busy} onClick={() => void unpublish()}>
                {t('share.public.revoke')}
              </button>
            </>
          ) : (
            <>
              <p>{t(`share.public.what.${own.kind}`)}</p>
              {nameBox}
              <button type="button" className="button" disabled={busy} onClick={() => void publish()}>
                {t('share.public.create')}
              </button>
            </>
          )}
          <p role="status" className={error ? 'form-error' : 'visually-hidden'}>
            {error || (link ? t('share.public.ready') : '')}
          </p>
        </section>
      ) : null}
      {/* The link's own ways first: on a phone, copy and the share sheet stay on the first screen with the card. */}
      <div className="dialog-actions share-primary">
        {native ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              track('share', { method: 'native', public_link: Boolean(link) });
              navigator.share({ text, url }).catch(() => undefined);
            }}
          >
            {t('share.native')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? t('share.copied') : t('share.copy')}
        </button>
      </div>
      <label className="field-label" htmlFor="share-text">
        {t('share.message')}
      </label>
      <textarea id="share-text" className="share-text" readOnly value={`${text} ${url}`} rows={3} />
      <ul className="share-targets">
        {shareTargets(url, text).map((target) => (
          <li key={target.name}>
            <a
              className="button button-ghost"
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault();
                track('share', { method: target.name, public_link: Boolean(link) });
                window.open(target.href, '_blank', 'width=600,height=400,noopener,noreferrer');
              }}
            >
              {target.name}
            </a>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('share.close')}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {copied ? t('share.copied') : ''}
      </p>
    </Dialog>
  );
}
