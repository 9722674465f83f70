/** Share a result: prefilled text, five networks in 600×400 windows, and copy-link with a legacy fallback. */
import { useEffect, useState } from 'react';
import { Dialog } from './Dialog.tsx';
import type { T } from '../lib/client/texts.ts';

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

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function ShareModal({
  open,
  onClose,
  url,
  text,
  t,
}: {
  open: boolean;
  onClose: () => void;
  url: string;
  text: string;
  t: T;
}) {
  const [copied, setCopied] = useState(false);
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
      setCopied(legacyCopy(url));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy="share-title" className="share-dialog">
      <h2 id="share-title">{t('share.title')}</h2>
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
                window.open(target.href, '_blank', 'width=600,height=400,noopener,noreferrer');
              }}
            >
              {target.name}
            </a>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? t('share.copied') : t('share.copy')}
        </button>
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
