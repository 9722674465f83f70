/**
 * The sign-in page's mode and context before its first paint (issue 31: CLS 0.33 on a phone). Sign-up is the
 * default when the person comes from a result (or asked for it with ?mode=signup), and the page then says what
 * happens to that result — but the island learns both only once it runs, and the sign-up fields and the notice then
 * pushed the form down. This classic inline script, run before the form is painted, marks <html data-login="signup">
 * and <html data-login-back="<kind>-<pay|keep>">; CSS shows the sign-up fields and the notice's text from the first
 * paint (src/styles/app/account.css), and the island, once running, renders the same. Its hash is in every page's
 * script-src (astro.config.mjs). It reads what lib/client/auth-state.ts resultWayBack() reads, by the same keys.
 */

/** sessionStorage keys (lib/client/session.ts preAuth and purchase.resume), JSON values. */
export const LOGIN_HINT_KEYS = {
  returnUrl: 'returnUrlAfterAuth',
  testType: 'testTypeBeforeAuth',
  resume: 'rozum.purchase.resume',
} as const;

export const LOGIN_MODE_ATTRIBUTE = 'data-login';
export const LOGIN_BACK_ATTRIBUTE = 'data-login-back';

// A function, not a constant, so the browser's bundles that import the keys do not carry the script (kept-hint.ts).
export const loginHintScript = () =>
  `(function(){try{var q=new URLSearchParams(location.search),m=q.get('mode'),h=document.documentElement;` +
  `function r(k){try{return JSON.parse(sessionStorage.getItem(k))}catch(e){return null}}` +
  `var u=r('${LOGIN_HINT_KEYS.returnUrl}'),k=r('${LOGIN_HINT_KEYS.testType}');` +
  `var back=typeof u==='string'&&/^\\/(?![\\/\\\\])/.test(u)&&(k==='iq'||k==='professional');` +
  `if(m==='signup'||(back&&m!=='signin'&&!q.has('error')))h.setAttribute('${LOGIN_MODE_ATTRIBUTE}','signup');` +
  `if(back)h.setAttribute('${LOGIN_BACK_ATTRIBUTE}',k+(r('${LOGIN_HINT_KEYS.resume}')===k?'-pay':'-keep'))` +
  `}catch(e){}})();`;
