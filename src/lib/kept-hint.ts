/**
 * Whether this browser keeps a visitor's result that no account has yet (issue 31: a new tab offers it rather than
 * forgetting it). Static pages ask before their first paint, so the notice that offers it appears in place rather
 * than pushing the page down once a module script runs: a tiny classic inline script marks <html data-kept="iq
 * professional"> and CSS shows the matching notice (KeptResultNotice.astro). Its text is fixed, so its hash goes in
 * every page's script-src (astro.config.mjs); an inline script Astro did not emit is not hashed by Astro.
 */
import type { TestKind } from '../domain/views.ts';

/** Where this device keeps each kind's latest unsaved result (lib/client/session.ts reads and writes them). */
export const KEPT_DEVICE_KEYS: Record<TestKind, string> = {
  iq: 'rozum.kept.iq',
  professional: 'rozum.kept.professional',
};

/** The non-secret cookie that says a session exists (src/lib/server/session.ts sets it; the header reads it). */
export const SIGNED_IN_HINT_COOKIE = 'rozum_signed_in';
export const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

/** The attribute on <html> naming the kinds kept, space-separated. */
export const KEPT_ATTRIBUTE = 'data-kept';

/**
 * The same test session.ts applies (a token, no saved id, its days not over), for visitors only: a signed-in
 * person's result is saved by signing in. Anything unreadable counts as nothing kept. A function, not a constant:
 * the browser's bundles import this module for its keys, and a constant built by a call (JSON.stringify) would stay
 * in them unused.
 */
export const keptHintScript = () =>
  `(function(){try{if(${SIGNED_IN_HINT}.test(document.cookie))return;` +
  `var keys=${JSON.stringify(KEPT_DEVICE_KEYS)},kept=[];` +
  `for(var kind in keys){var v=JSON.parse(localStorage.getItem(keys[kind])||'null');` +
  `if(v&&v.token&&!v.id&&v.keptUntil>Date.now())kept.push(kind)}` +
  `if(kept.length)document.documentElement.setAttribute('${KEPT_ATTRIBUTE}',kept.join(' '))}catch(e){}})();`;
