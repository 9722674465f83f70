/**
 * The sign-in return step (spec part 2): confirms the session, saves the visitor's results from their signed
 * tokens, remembers the new ids (savedAfterAuth), then returns to where the user came from — 500 ms after it is
 * done, and in any case after 5 s.
 */
import { useEffect, useState } from 'react';
import { loadMe } from '../stores/account.ts';
import { clearPreAuth, returnUrl } from '../lib/client/auth-state.ts';
import { claimAfterSignIn } from '../stores/results.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

export const DONE_DELAY_MS = 500;
export const FORCE_AFTER_MS = 5000;
type Phase = 'auth' | 'saving' | 'redirecting';
const KINDS = ['iq', 'professional'] as const;

interface Props {
  texts: Texts;
  lang: Lang;
  links: { login: string; profile: string; results: { iq: string; professional: string } };
}

export default function AuthCallbackApp({ texts, lang, links }: Props) {
  const t = makeT(texts, lang);
  const [phase, setPhase] = useState<Phase>('auth');

  useEffect(() => {
    let target = links.profile;
    let finished = false;
    const go = () => {
      if (finished) return;
      finished = true;
      clearPreAuth();
      location.replace(target);
    };
    const force = setTimeout(go, FORCE_AFTER_MS);
    void (async () => {
      const me = await loadMe();
      if (!me.ok) {
        target = links.login;
        return go();
      }
      setPhase('saving');
      const claimed = await claimAfterSignIn(lang);
      const back = returnUrl();
      if (back) {
        // Back to a results page: open the result just saved, by its id.
        const kind = KINDS.find((k) => back.split('?')[0] === links.results[k]);
        target = kind && claimed[kind] ? `${links.results[kind]}?id=${claimed[kind]}` : back;
      }
      setPhase('redirecting');
      setTimeout(go, DONE_DELAY_MS);
    })();
    return () => clearTimeout(force);
  }, [lang, links]);

  return (
    <div className="callback" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <h1>{t('callback.title')}</h1>
      <p>{t('callback.wait')}</p>
      <p className="muted">{t(`callback.phase.${phase}`)}</p>
    </div>
  );
}
