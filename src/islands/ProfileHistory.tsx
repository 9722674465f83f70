/** The profile's history tab: every saved result of each test, newest first, a page at a time, or a way to take the test. */
import { useRef, useState } from 'react';
import type { ProfileData, ProfileParts } from './profile-data.ts';
import { CareerItem, Entries, IqItem, ProfileGate } from './ProfileEntries.tsx';

type Kind = 'iq' | 'professional';

export function ProfileHistory({
  data,
  more,
  ...parts
}: ProfileParts & { data: ProfileData; more: (kind: Kind) => Promise<boolean> }) {
  const { t, links } = parts;
  const { iq, pro, premium, empty, next } = data;
  return (
    <>
      <h2>{t('profile.history.iq')}</h2>
      {iq.length ? (
        <div>
          <Entries {...parts} entries={iq} premium={premium} Item={IqItem} />
          {next.iq ? <MoreButton t={t} load={() => more('iq')} /> : null}
        </div>
      ) : (
        <p className="muted">
          {t('profile.history.none')} <a href={links.iqTest}>{t('nav.cta.iq')}</a>
        </p>
      )}
      <h2>{t('profile.history.professional')}</h2>
      {pro.length ? (
        <div>
          <Entries {...parts} entries={pro} premium={premium} Item={CareerItem} />
          {next.professional ? <MoreButton t={t} load={() => more('professional')} /> : null}
        </div>
      ) : (
        <p className="muted">
          {t('profile.history.none')} <a href={links.proTest}>{t('nav.cta.prof')}</a>
        </p>
      )}
      {!premium && !empty ? <ProfileGate {...parts} /> : null}
    </>
  );
}

/**
 * "Show earlier results": the next page of a history, with a way to try again when it could not be loaded. Focus
 * moves to the first result it brought, so a keyboard user reads on from there (the button may be gone).
 */
function MoreButton({ t, load }: { t: ProfileParts['t']; load: () => Promise<boolean> }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const here = useRef<HTMLParagraphElement>(null);
  return (
    <p className="history-more" ref={here}>
      <button
        type="button"
        className="button button-ghost"
        disabled={state === 'loading'}
        onClick={async () => {
          const list = here.current?.parentElement;
          const before = list?.querySelectorAll('li').length ?? 0;
          setState('loading');
          const loaded = await load();
          setState(loaded ? 'idle' : 'failed');
          if (loaded)
            requestAnimationFrame(() =>
              list?.querySelectorAll('li')[before]?.querySelector<HTMLElement>('a, button')?.focus(),
            );
        }}
      >
        {state === 'loading' ? t('common.loading') : t('profile.history.more')}
      </button>
      {state === 'failed' ? (
        <span className="notice notice-error" role="alert">
          {t('profile.history.more.failed')}
        </span>
      ) : null}
    </p>
  );
}
