/** What each app page (src/layouts/AppPage.astro) hands to its island: texts, links and sample content, per language. */
import { localizedPath, type Lang } from '../i18n/index.ts';
import { pickTexts } from './island-texts.ts';
import type { TestKind } from '../domain/views.ts';

/** The career test's runner speaks of statements: its runner.career.* texts stand in for the runner's own. */
const CAREER_RUNNER = 'runner.career.';
function runnerTexts(lang: Lang, kind: TestKind) {
  const texts = pickTexts(lang, ['common.', 'runner.', `intro.${kind}.`, 'overlay.', 'question.', 'call.']);
  for (const [key, text] of Object.entries(texts)) {
    if (!key.startsWith(CAREER_RUNNER)) continue;
    delete texts[key];
    if (kind === 'professional') texts[`runner.${key.slice(CAREER_RUNNER.length)}`] = text;
  }
  return texts;
}

export function testIslandProps(lang: Lang, kind: TestKind) {
  return {
    kind,
    lang,
    texts: runnerTexts(lang, kind),
    resultsHref: localizedPath(lang, kind === 'iq' ? '/results' : '/professional-results'),
    homeHref: localizedPath(lang, '/'),
  };
}

export function resultsIslandProps(lang: Lang, kind: TestKind) {
  return {
    kind,
    lang,
    texts: pickTexts(lang, [
      'common.',
      'results.',
      'iq.',
      'review.',
      'certificate.',
      // A cautioned IQ result names its caution where the band would be, in the certificate's words.
      'cert.caution.',
      'nav.signin',
      'premium.',
      'share.',
      'save.',
      'success.',
      'error.',
      'career.',
      'runner.question',
      'payment.',
      'login.email',
      'call.',
      'auth.error.fill.fields',
      'types.about',
    ]),
    links: {
      home: localizedPath(lang, '/'),
      profile: localizedPath(lang, '/profile'),
      login: localizedPath(lang, '/login'),
      share: localizedPath(lang, kind === 'iq' ? '/iqtest' : '/prof'),
      otherTest: localizedPath(lang, kind === 'iq' ? '/professional-test' : '/iq'),
      test: localizedPath(lang, kind === 'iq' ? '/iq' : '/professional-test'),
      results: localizedPath(lang, '/results'),
      proResults: localizedPath(lang, '/professional-results'),
      paymentResult: localizedPath(lang, '/payment-result'),
      types: localizedPath(lang, '/types'),
    },
  };
}

export function loginIslandProps(lang: Lang) {
  return {
    lang,
    texts: pickTexts(lang, ['login.', 'auth.error.', 'call.']),
    links: {
      reset: localizedPath(lang, '/reset-password'),
      home: localizedPath(lang, '/'),
      callback: localizedPath(lang, '/auth/callback'),
      terms: localizedPath(lang, '/legal/terms'),
      privacy: localizedPath(lang, '/legal/privacy'),
      consent: localizedPath(lang, '/legal/consent'),
      google: `/api/auth/google?lang=${lang}`,
    },
  };
}

export function callbackIslandProps(lang: Lang) {
  return {
    lang,
    texts: pickTexts(lang, ['callback.']),
    links: {
      login: localizedPath(lang, '/login'),
      profile: localizedPath(lang, '/profile'),
      results: { iq: localizedPath(lang, '/results'), professional: localizedPath(lang, '/professional-results') },
    },
  };
}

export function profileIslandProps(lang: Lang) {
  return {
    lang,
    texts: pickTexts(lang, [
      'common.',
      'profile.',
      'achievement.',
      'iq.label.',
      'iq.value.',
      'iq.category.',
      'results.',
      'premium.',
      'nav.',
      'promo.',
      'subscription.',
      'payment.',
      'login.email',
      'call.',
    ]),
    links: {
      home: localizedPath(lang, '/'),
      login: localizedPath(lang, '/login'),
      iqTest: localizedPath(lang, '/iq'),
      proTest: localizedPath(lang, '/professional-test'),
      results: localizedPath(lang, '/results'),
      proResults: localizedPath(lang, '/professional-results'),
      profile: localizedPath(lang, '/profile'),
      paymentResult: localizedPath(lang, '/payment-result'),
      google: `/api/auth/google?lang=${lang}`,
      refund: localizedPath(lang, '/legal/refund'),
      deleteAccount: `${localizedPath(lang, '/profile')}#delete-account`,
    },
  };
}

export function paymentResultIslandProps(lang: Lang) {
  return {
    lang,
    texts: pickTexts(lang, ['paymentResult.', 'results.home', 'call.']),
    links: {
      home: localizedPath(lang, '/'),
      profile: localizedPath(lang, '/profile'),
      results: localizedPath(lang, '/results'),
      proResults: localizedPath(lang, '/professional-results'),
    },
  };
}

/** The verification page: its texts, the tests' names for its calls to action, and where each test starts. */
export const verifyIslandProps = (lang: Lang) => ({
  lang,
  texts: pickTexts(lang, ['verify.', 'meta.action.', 'call.']),
  testHrefs: { iq: localizedPath(lang, '/iq'), professional: localizedPath(lang, '/professional-test') },
});

/** The page a confirmation link opens: its texts, and where to go on. */
export const confirmEmailIslandProps = (lang: Lang) => ({
  lang,
  texts: pickTexts(lang, ['confirm.', 'call.']),
  links: {
    profile: localizedPath(lang, '/profile'),
    login: localizedPath(lang, '/login'),
    home: localizedPath(lang, '/'),
  },
});

/** The password reset page: asking for a link, and setting a new password with one. */
export const resetPasswordIslandProps = (lang: Lang) => ({
  lang,
  texts: pickTexts(lang, ['reset.', 'login.email', 'login.password', 'login.password.hint', 'call.']),
  links: { profile: localizedPath(lang, '/profile'), login: localizedPath(lang, '/login') },
});
