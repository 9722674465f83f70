/**
 * A sweep of hostile requests over every HTTP function: the endpoints are read from the `config` of each
 * netlify/functions/*.mts, so a new function is swept without touching this file. Each endpoint and method gets, as
 * a visitor and as a signed-in user, malformed JSON, wrong types for the whole body and for every field, deep
 * nesting, NUL / control characters / lone surrogates / bidi overrides in strings, oversized bodies, the wrong
 * Content-Type, malformed cookies, a Host header that is no host, hostile path parameters and query strings,
 * foreign origins and wrong methods. Every answer must come within 2 s, never be a 5xx, be a 4xx for everything
 * that must be refused, and carry a string `error` key when it is a JSON error; and the database must read the same
 * afterwards, table by table (row count and a hash of the content), but for the writes EXCLUDED_TABLES and
 * PROJECTIONS below leave out.
 *
 * The visitor is the signed-in user's own browser signed out (its visitor cookie alone), so the test sittings served
 * to that browser are live for both: a hostile variant of a sheet is refused for what it is, not for coming from a
 * browser the sitting was never served to.
 *
 * The sweep runs on a server and database of its own (not the project's shared one), so nothing but these
 * requests writes to it: the server is stopped for each snapshot (PGlite admits one process at a time), and the
 * database is read in this process, exactly as the other *-db tests do.
 *
 * Where a request must NOT be refused, and why (everything else must answer 4xx):
 * - GET endpoints never read a request body, so a malformed, mistyped or oversized body on a GET may be answered
 *   like the same GET without it (2xx/3xx/4xx, never 5xx). The same holds for query parameters a GET endpoint does
 *   not read; those it reads (STRICT_QUERY) must refuse hostile values.
 * - POST /api/auth/signout ignores its body by design (it ends the session whatever it carries): bodies, content
 *   types, cookies and query strings may be answered 200 there. As a signed-in user only the requests that must be
 *   refused before the handler acts (foreign origin, bad Host, oversized body, wrong method) are sent to it, since
 *   any other would rightly end the session the rest of the sweep signs in with.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { fakeProviderEnv } from '../support/fake-providers.ts';
import { spawnServer, waitForHealth, type ServerProcess } from '../support/server.ts';
import { careerSheetFor, iqSheetFor, takeCareerSitting, takeSitting } from '../support/sittings.ts';
import { TEST_APP_SECRET } from '../support/test-secret.ts';
import { WAYFORPAY } from '../support/wayforpay.ts';

const FUNCTIONS_DIR = new URL('../../netlify/functions/', import.meta.url);
const CONCURRENCY = 8;
const TIME_LIMIT_MS = 2_000;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Tables (or columns) whose change on a refused request is legitimate; every other table must read the same.
 * - rate_limits: every attempt counts, refused or not (a wrong password, an unknown promo code, a sign-up attempt
 *   are counted so they cannot be repeated without bound); this is the table's purpose.
 * - iq_form_stats.computed_at: the local server runs the iq-form-stats scheduled function every minute, which
 *   rewrites computed_at even when nothing changed; the table's other columns are still compared (the job is run
 *   once before the first snapshot so its rows exist on both sides).
 * sessions are NOT excluded: a session is only rewritten (slid) when less than 15 of its 30 days are left, and the
 * sweep's session is minutes old; signout with a session is not swept (see above).
 */
const EXCLUDED_TABLES: Record<string, string> = { rate_limits: 'every attempt is counted, refused or not' };
const PROJECTIONS: Record<string, string> = { iq_form_stats: '(SELECT form_id, sheets, kr20 FROM iq_form_stats)' };

/** Endpoints that ignore their body whatever it holds (see the header comment). */
const BODY_IGNORED = new Set(['POST /api/auth/signout']);
/** Query parameters a GET endpoint reads, whose hostile values it must refuse. */
const STRICT_QUERY: Record<string, string[]> = { '/api/tests/iq/form': ['taken'], '/api/results': ['type'] };
/** Strict parameters for which an empty value is a value: `taken=` is a browser that has taken no form yet. */
const EMPTY_ACCEPTED = new Set(['taken']);

/** Field names tried one by one in every JSON body, on top of each example's own. */
const GENERIC_FIELDS = [
  'email',
  'password',
  'fullName',
  'lang',
  'answers',
  'timeSpent',
  'formId',
  'formToken',
  'submissionId',
  'token',
  'tokens',
  'code',
  'promoCode',
  'phone',
  'orderReference',
  'testType',
  'testResultId',
  'amount',
  'currency',
  'transactionStatus',
  'merchantSignature',
  'authCode',
  'cardPan',
  'reasonCode',
];

// ---------------------------------------------------------------------------------------------------------------
// Endpoints, from the functions' own config.

interface Endpoint {
  file: string;
  pattern: string;
  methods: string[];
  params: string[];
}

async function discoverEndpoints(): Promise<{ endpoints: Endpoint[]; scheduled: string[] }> {
  const endpoints: Endpoint[] = [];
  const scheduled: string[] = [];
  for (const file of readdirSync(FUNCTIONS_DIR)
    .filter((f) => f.endsWith('.mts'))
    .sort()) {
    const { config } = (await import(new URL(file, FUNCTIONS_DIR).href)) as {
      config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
    };
    if (config?.schedule && !config.path) {
      scheduled.push(file);
      continue;
    }
    if (!config?.path) throw new Error(`${file}: no config.path`);
    // No config.method means every method: sweep the ones a browser or a client would send.
    const methods = config.method
      ? [config.method].flat().map((m) => m.toUpperCase())
      : ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const pattern of [config.path].flat()) {
      endpoints.push({ file, pattern, methods, params: [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]) });
    }
  }
  return { endpoints, scheduled };
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values.

const deep = (n: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < n; i++) value = { a: value };
  return value;
};
const NESTED = { a: { b: { c: [1, [2, [3, { d: 'x' }]], { e: null }] } } };
const HOSTILE_STRINGS: [string, string][] = [
  ['NUL', '\u0000'],
  ['control characters', '\u0007\u001b[2J\u0008\u007f'],
  ['lone surrogate', '\ud800'],
  ['RTL override', '\u202e'],
];
const WRONG_TYPES: [string, unknown][] = [
  ['number', 1],
  ['array', []],
  ['string', 'str'],
  ['null', null],
  ['boolean', true],
  ['object', {}],
];
const typeOf = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number'
        ? 'number'
        : typeof v === 'string'
          ? 'string'
          : typeof v === 'boolean'
            ? 'boolean'
            : 'object';
/** Puts a hostile string in the middle of a valid one, so a check for "non-empty" or a prefix alone lets it through. */
const embed = (valid: string, hostile: string) =>
  valid.slice(0, Math.ceil(valid.length / 2)) + hostile + valid.slice(Math.ceil(valid.length / 2));

/** Values for one field in isolation: every wrong type a field of any kind can get, nesting, hostile strings. */
const LONE_FIELD_VALUES: [string, unknown][] = [
  ...WRONG_TYPES.filter(([t]) => t !== 'string'),
  ['nested', NESTED],
  ['200-deep', deep(200)],
  ...HOSTILE_STRINGS.map(([label, s]): [string, unknown] => [label, `x${s}x`]),
];

/** Values that replace one field of a valid body: types other than the valid one, nesting, and hostile strings. */
function replacementsFor(valid: unknown): [string, unknown][] {
  const kind = typeOf(valid);
  const out: [string, unknown][] = [
    ...WRONG_TYPES.filter(([t]) => t !== kind),
    ['nested', NESTED],
    ['200-deep', deep(200)],
  ];
  if (typeof valid === 'string') {
    for (const [label, s] of HOSTILE_STRINGS) out.push([label, embed(valid, s)]);
    out.push(['10 000 characters', valid + 'x'.repeat(10_000)]);
  } else {
    for (const [label, s] of HOSTILE_STRINGS) out.push([label, `1${s}`]);
  }
  return out;
}

const MB = 1024 * 1024;
const jsonOfSize = (bytes: number) => Buffer.from(`{"a":"${'x'.repeat(bytes - 8)}"}`);
const BIG = { '1 MB + 1': jsonOfSize(MB + 1), '2 MB': jsonOfSize(2 * MB), '20 MB': jsonOfSize(20 * MB) };

const WHOLE_BODIES: [string, string | Buffer][] = [
  ['malformed "{"', '{'],
  ['malformed "[1,"', '[1,'],
  ['JSON string holding NUL', '"\\u0000"'],
  ['trailing garbage', '{"a":1} x'],
  ['empty', ''],
  ['number', '1'],
  ['array', '[]'],
  ['string', '"str"'],
  ['null', 'null'],
  ['boolean', 'true'],
  ['empty object', '{}'],
  ['nested', JSON.stringify(NESTED)],
  ['200-deep object', JSON.stringify(deep(200))],
  ['100 000-deep array', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d])],
  ['key holding NUL', '{"\\u0000":1}'],
  ['__proto__ key', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
];
const WRONG_CONTENT_TYPES = [
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----sweep',
  'application/xml',
  'text/json',
];
const BAD_HOSTS = ['bad host', 'a[b', 'x]y'];
const PARAM_VALUES = ['%00', '%ZZ', '..%2F', '%ED%A0%80', 'a'.repeat(2000)];
/** Query strings that name a parameter some endpoint reads, with a value it must not take (or must ignore). */
const NAMED_QUERIES = ['lang=%00', 'formId=-1', 'formId=1e9', 'taken=a,b'];
/** Percent-encoded query values, each tried in every query parameter name at once on GET endpoints. */
const QUERY_VALUES = ['%00', '%ZZ', '%07%1B%5B2J', '%ED%A0%80', '%E2%80%AE', '-1', '1e9', 'a,b', '', '%5B%5D'];
const QUERY_NAMES = [...GENERIC_FIELDS, 'type', 'taken', 'state', 'error', 'decision'];

// ---------------------------------------------------------------------------------------------------------------
// Fixtures and valid example bodies (one field at a time is then made hostile).

interface Fixture {
  email: string;
  password: string;
  userCookies: string;
  /** The browser the user took the tests in, signed out: only its visitor cookie, which the sittings are bound to. */
  visitorCookies: string;
  iqResultId: string;
  /** The IQ result's certificate code, and the code of its public link (it is shared). */
  verificationCode: string;
  shareCode: string;
  visitorToken: string;
  orderReference: string;
  /**
   * Sheets of sittings served to that browser and never scored, so one that got through would be scored (200) and,
   * as the user, saved: what a hostile variant must not achieve. The career tie-break's request is its core answers.
   */
  iqSheet: Record<string, unknown>;
  careerSheet: Record<string, unknown>;
  tieBreak: Record<string, unknown>;
}

interface Example {
  /** A body that would be accepted; `mutating` names the field about to be made hostile, for bodies that must adapt. */
  body(fx: Fixture, mutating?: string): Record<string, unknown>;
  /** Fields whose absence must be refused. */
  required?: string[];
}

const EXAMPLES: Record<string, Example> = {
  // A fresh address, so a hostile value elsewhere that got through would show as 201; when the email itself is made
  // hostile, the fixture's (taken) address, so a form normalised to it answers 409 rather than creating an account.
  // The same when the password is: a password is a secret that is hashed and compared, never shown, so any
  // character a person can type is theirs to use (control characters and bidi marks included; NUL and lone
  // surrogates are refused for every field by the JSON reader) — its hostile forms must not 500, and answer 409.
  'POST /api/auth/signup': {
    body: (fx, m) => ({
      email: m === 'email' || m === 'password' ? fx.email : uniqueEmail('sweep'),
      password: 'secret1',
      fullName: 'Test Person',
      lang: 'en',
    }),
    required: ['email', 'password'],
  },
  // The right password, so a hostile lang that got through would show as 200; a wrong one when the email is made
  // hostile, since bidi controls in an address are normalised away by design (hostile.test.ts).
  'POST /api/auth/signin': {
    body: (fx, m) => ({ email: fx.email, password: m === 'email' ? 'wrong-password' : fx.password, lang: 'en' }),
    required: ['email', 'password'],
  },
  'PATCH /api/me': { body: () => ({ fullName: 'Sweep Person', lang: 'en' }), required: ['fullName'] },
  'POST /api/payments/checkout': {
    body: (fx) => ({
      fullName: 'Test Person',
      phone: '+380501234567',
      testType: 'iq',
      testResultId: fx.iqResultId,
      lang: 'en',
    }),
    required: ['fullName', 'phone'],
  },
  'POST /api/promo': { body: () => ({ promoCode: 'ROZUM-DEMO', lang: 'en' }), required: ['promoCode'] },
  'POST /api/results/claim': { body: (fx) => ({ tokens: [fx.visitorToken], lang: 'en' }), required: ['tokens'] },
  'POST /api/results/from-token': { body: (fx) => ({ token: fx.visitorToken, lang: 'en' }), required: ['token'] },
  // formToken is required: a sheet is scored only as the sitting the server served to this browser.
  'POST /api/tests/iq/score': { body: (fx) => ({ ...fx.iqSheet }), required: ['formToken', 'answers', 'timeSpent'] },
  'POST /api/tests/professional/score': {
    body: (fx) => ({ ...fx.careerSheet }),
    required: ['formToken', 'answers', 'timeSpent'],
  },
  'POST /api/tests/professional/tiebreak': { body: (fx) => ({ ...fx.tieBreak }), required: ['formToken', 'answers'] },
  // Well-formed but unsigned: every variant must be refused.
  'POST /api/payments/wayforpay': {
    body: (fx) => ({
      merchantAccount: WAYFORPAY.account,
      orderReference: fx.orderReference,
      amount: 1,
      currency: 'USD',
      authCode: '123456',
      cardPan: '41****1111',
      transactionStatus: 'Approved',
      reasonCode: 1100,
      merchantSignature: '0'.repeat(32),
    }),
  },
};

/**
 * Benign values for the parameters not under attack; an order that does not exist, so the test provider's POST never
 * settles one. A code is a live one: the user's shared result's, or its certificate's on the verification path — so
 * the attacks on those paths reach a result that is there, not a 404 before any work.
 */
const PARAM_DEFAULTS: Record<string, (pattern: string, fx: Fixture) => string> = {
  kind: () => 'iq',
  id: () => randomUUID(),
  resultId: () => randomUUID(),
  code: (pattern, fx) => (pattern.includes('/verify/') ? fx.verificationCode : fx.shareCode),
  orderReference: () => 'GP0000000000000ABCDEF',
};

// ---------------------------------------------------------------------------------------------------------------
// Cases.

type Who = 'visitor' | 'user';
type Expect = 'refuse' | 'no5xx';
interface Case {
  endpoint: string;
  method: string;
  who: Who;
  group: string;
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  chunked?: boolean;
  expect: Expect;
}
interface Outcome {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  error?: string;
}

const fillPath = (pattern: string, fx: Fixture, hostile?: { name: string; value: string }) =>
  pattern.replace(/:(\w+)/g, (_, name: string) =>
    hostile?.name === name ? hostile.value : encodeURIComponent((PARAM_DEFAULTS[name] ?? (() => 'x'))(pattern, fx)),
  );

function buildCases(endpoints: Endpoint[], fx: Fixture): Case[] {
  const cases: Case[] = [];
  // A path may be served by several functions, a method each (/api/me: me.mts, and account-delete.mts for DELETE):
  // a wrong method is one no function at that path takes.
  const servedAt = new Map<string, string[]>();
  for (const ep of endpoints) servedAt.set(ep.pattern, [...(servedAt.get(ep.pattern) ?? []), ...ep.methods]);
  for (const ep of endpoints) {
    const methods = servedAt.get(ep.pattern)!;
    const allowed = new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods);
    for (const who of ['visitor', 'user'] as Who[]) {
      const cookie = who === 'user' ? fx.userCookies : fx.visitorCookies;
      const base = (extra: Record<string, string> = {}): Record<string, string> => ({
        ...(cookie ? { cookie } : {}),
        ...extra,
      });
      const json = { 'content-type': 'application/json' };

      for (const method of METHODS.filter((m) => !allowed.has(m))) {
        cases.push({
          endpoint: ep.pattern,
          method,
          who,
          group: 'wrong method',
          label: method,
          path: fillPath(ep.pattern, fx),
          headers: base(method === 'GET' || method === 'HEAD' ? {} : json),
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          expect: 'refuse',
        });
      }

      for (const method of ep.methods) {
        const key = `${method} ${ep.pattern}`;
        const isGet = method === 'GET';
        const ignoresBody = isGet || BODY_IGNORED.has(key);
        const example = EXAMPLES[key];
        // See the header comment: signout as the signed-in user only gets what must be refused before it acts.
        const beforeHandlerOnly = who === 'user' && BODY_IGNORED.has(key);
        const add = (
          group: string,
          label: string,
          c: Partial<Case> & { headers: Record<string, string> },
          expectation: Expect,
        ) => {
          if (beforeHandlerOnly && !['foreign origin', 'bad Host', 'oversized body'].includes(group)) return;
          cases.push({
            endpoint: ep.pattern,
            method,
            who,
            group,
            label,
            path: fillPath(ep.pattern, fx),
            expect: expectation,
            ...c,
          });
        };
        const bodyExpect: Expect = ignoresBody ? 'no5xx' : 'refuse';
        const emptyJson = isGet ? {} : { body: '{}' };

        // Whole bodies: malformed, wrong types, nesting.
        for (const [label, body] of WHOLE_BODIES) add('whole body', label, { headers: base(json), body }, bodyExpect);

        // Oversized bodies: the server refuses them before any function runs, whatever the method but GET.
        for (const [label, body] of Object.entries(BIG)) {
          if (isGet && label === '20 MB') continue; // a GET's body is never read; 1 and 2 MB show that already
          add('oversized body', label, { headers: base(json), body }, isGet ? 'no5xx' : 'refuse');
        }
        add(
          'oversized body',
          '2 MB chunked',
          { headers: base(json), body: BIG['2 MB'], chunked: true },
          isGet ? 'no5xx' : 'refuse',
        );

        // One field at a time, alone in the body: the generic names and the example's own.
        if (!ignoresBody) {
          const names = [...new Set([...GENERIC_FIELDS, ...Object.keys(example?.body(fx) ?? {})])];
          for (const name of names) {
            for (const [label, value] of LONE_FIELD_VALUES)
              add(
                'lone field',
                `${name} = ${label}`,
                { headers: base(json), body: JSON.stringify({ [name]: value }) },
                'refuse',
              );
          }
        }

        // One field of a valid body at a time made hostile, one required field at a time left out.
        if (example && !ignoresBody) {
          for (const name of Object.keys(example.body(fx))) {
            const valid = example.body(fx, name)[name];
            for (const [label, value] of replacementsFor(valid)) {
              add(
                'example field',
                `${name} ← ${label}`,
                { headers: base(json), body: JSON.stringify({ ...example.body(fx, name), [name]: value }) },
                'refuse',
              );
            }
            if (Array.isArray(valid) && valid.length) {
              const first = valid[0];
              if (first && typeof first === 'object') {
                for (const inner of Object.keys(first)) {
                  for (const [label, value] of replacementsFor((first as Record<string, unknown>)[inner])) {
                    const body = example.body(fx, name);
                    const list = [...(body[name] as Record<string, unknown>[])];
                    list[0] = { ...list[0], [inner]: value };
                    add(
                      'example field',
                      `${name}[0].${inner} ← ${label}`,
                      { headers: base(json), body: JSON.stringify({ ...body, [name]: list }) },
                      'refuse',
                    );
                  }
                }
              } else {
                for (const [label, value] of replacementsFor(first)) {
                  const body = example.body(fx, name);
                  add(
                    'example field',
                    `${name}[0] ← ${label}`,
                    {
                      headers: base(json),
                      body: JSON.stringify({ ...body, [name]: [value, ...(body[name] as unknown[]).slice(1)] }),
                    },
                    'refuse',
                  );
                }
              }
            }
          }
          for (const name of example.required ?? []) {
            const body = example.body(fx, name);
            delete body[name];
            add('missing field', name, { headers: base(json), body: JSON.stringify(body) }, 'refuse');
          }
        }

        // A valid body (when we have one) under another media type; a GET has no body to type.
        if (!isGet) {
          const body = example ? JSON.stringify(example.body(fx)) : '{}';
          for (const type of WRONG_CONTENT_TYPES)
            add('wrong Content-Type', type, { headers: base({ 'content-type': type }), body }, bodyExpect);
        }

        // Malformed cookies, with an empty JSON object (refused by every POST that reads a body).
        const cookies: [string, string][] = [
          ['junk=100%', `${cookie ? cookie + '; ' : ''}junk=100%`],
          [
            'rozum_session=%E0%A4%A',
            /rozum_session=/.test(cookie)
              ? cookie.replace(/rozum_session=[^;]*/, 'rozum_session=%E0%A4%A')
              : `${cookie ? cookie + '; ' : ''}rozum_session=%E0%A4%A`,
          ],
          ['8 KB cookie', `${cookie ? cookie + '; ' : ''}big=${'x'.repeat(8192)}`],
          ['rozum_device=%', `${cookie ? cookie + '; ' : ''}rozum_device=%`],
          [
            'forged rozum_device',
            `${cookie ? cookie + '; ' : ''}rozum_device=d1.${'A'.repeat(22)}.${randomUUID()}.forged`,
          ],
          ['cookie of only separators', ';;; ; =; ==='],
        ];
        for (const [label, value] of cookies)
          add(
            'malformed cookie',
            label,
            { headers: { ...(isGet ? {} : json), cookie: value }, ...emptyJson },
            bodyExpect,
          );

        // A Host header that is no host: refused before routing, on every method.
        for (const host of BAD_HOSTS)
          add(
            'bad Host',
            JSON.stringify(host),
            { headers: base({ ...(isGet ? {} : json), host }), ...emptyJson },
            'refuse',
          );

        // Foreign origins on state-changing requests, with a valid body (when we have one): never acted on.
        if (!isGet) {
          const body = example ? JSON.stringify(example.body(fx)) : '{}';
          add('foreign origin', 'Origin: null', { headers: base({ ...json, origin: 'null' }), body }, 'refuse');
          add(
            'foreign origin',
            'Origin: https://evil.example',
            { headers: base({ ...json, origin: 'https://evil.example' }), body },
            'refuse',
          );
          add(
            'foreign origin',
            'Sec-Fetch-Site: cross-site',
            { headers: base({ ...json, 'sec-fetch-site': 'cross-site' }), body },
            'refuse',
          );
        }

        // Hostile path parameters: they name nothing of ours.
        for (const name of ep.params) {
          for (const value of PARAM_VALUES) {
            add(
              'path parameter',
              `:${name} = ${value.length > 20 ? `${value.length} characters` : value}`,
              { path: fillPath(ep.pattern, fx, { name, value }), headers: base(isGet ? {} : json), ...emptyJson },
              'refuse',
            );
          }
        }

        // Hostile query strings. A GET refuses those it reads; a POST reading a body gets an empty object and refuses.
        const strict = STRICT_QUERY[ep.pattern] ?? [];
        const queryExpect = (names: string[]): Expect =>
          isGet ? (names.some((n) => strict.includes(n)) ? 'refuse' : 'no5xx') : bodyExpect;
        for (const q of NAMED_QUERIES)
          add(
            'query string',
            `?${q}`,
            { path: `${fillPath(ep.pattern, fx)}?${q}`, headers: base(isGet ? {} : json), ...emptyJson },
            queryExpect([q.split('=')[0]]),
          );
        if (isGet) {
          for (const value of QUERY_VALUES) {
            const query = QUERY_NAMES.map((n) => `${n}=${value}`).join('&');
            add(
              'query string',
              `every name = ${JSON.stringify(value)}`,
              { path: `${fillPath(ep.pattern, fx)}?${query}`, headers: base() },
              queryExpect(value === '' ? QUERY_NAMES.filter((n) => !EMPTY_ACCEPTED.has(n)) : QUERY_NAMES),
            );
          }
          for (const name of new Set([...strict, 'lang'])) {
            add(
              'query string',
              `${name} = 2000 characters`,
              { path: `${fillPath(ep.pattern, fx)}?${name}=${'9'.repeat(2000)}`, headers: base() },
              queryExpect([name]),
            );
          }
        }
      }
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending, with node:http (fetch forbids a Host header and a body on GET).

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function send(c: Case, base: URL): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const finish = (o: Omit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, ms: performance.now() - started });
    };
    const body = c.body === undefined ? undefined : Buffer.isBuffer(c.body) ? c.body : Buffer.from(c.body);
    // Each request from its own address, so per-address rate limits (429) never hide what a request would get.
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...c.headers };
    if (body && !c.chunked) headers['content-length'] = String(body.length);
    if (body && c.chunked) headers['transfer-encoding'] = 'chunked';
    let req: ClientRequest;
    try {
      req = httpRequest(
        { host: base.hostname, port: Number(base.port), method: c.method, path: c.path, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () =>
            finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', (err) =>
            finish({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              error: `response: ${err.message}`,
            }),
          );
        },
      );
    } catch (err) {
      return finish({
        status: 0,
        headers: {},
        body: Buffer.alloc(0),
        error: `client refused to send: ${(err as Error).message}`,
      });
    }
    req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: `${err.code ?? ''} ${err.message}`.trim() }),
    );
    if (body && c.chunked) {
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

async function sendAll(cases: Case[], base: URL): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(cases.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const i = next++;
        outcomes[i] = await send(cases[i], base);
      }
    }),
  );
  return outcomes;
}

// ---------------------------------------------------------------------------------------------------------------
// Database snapshots, read in this process while the server is stopped.

type Snapshot = Record<string, { rows: number; hash: string }>;

async function withDatabase<T>(
  env: Record<string, string>,
  fn: (q: { query<R>(text: string, params?: unknown[]): Promise<R[]> }) => Promise<T>,
): Promise<T> {
  delete process.env.DATABASE_URL;
  Object.assign(process.env, env);
  (await import('../../src/lib/server/env.ts')).resetEnvForTests();
  const { db, closeDb } = await import('../../src/lib/server/db.ts');
  try {
    return await fn(await db());
  } finally {
    await closeDb();
  }
}

async function snapshot(q: { query<R>(text: string, params?: unknown[]): Promise<R[]> }): Promise<Snapshot> {
  const tables = await q.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const out: Snapshot = {};
  for (const { table_name: name } of tables) {
    if (EXCLUDED_TABLES[name]) continue;
    const source = PROJECTIONS[name] ?? `"${name}"`;
    const [row] = await q.query<{ rows: number; hash: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM ${source} t`,
    );
    out[name] = { rows: Number(row.rows), hash: row.hash };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The sweep.

interface Failure {
  reason: string;
  who: Who;
  endpoint: string;
  method: string;
  request: string;
  group: string;
  label: string;
  status: number;
  ms: number;
  body: string;
}

const driver = inject('dbDriver');
let database: TestDatabase;
let server: ServerProcess | undefined;
let discovered: Awaited<ReturnType<typeof discoverEndpoints>>;
let cases: Case[] = [];
let outcomes: Outcome[] = [];
let before: Snapshot;
let after: Snapshot;
let serverLog = '';
let sweepMs = 0;

async function startServer(): Promise<ServerProcess> {
  // Longer stacks than the default 10 frames, so a logged 500 reaches past the database driver into our code.
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --stack-trace-limit=40`.trim();
  const started = await spawnServer({
    ...database.env,
    ...fakeProviderEnv(inject('fakeUrl')),
    NODE_OPTIONS: nodeOptions,
    // The tests' own secret: sittings are taken as served earlier (tests/support/sittings.ts servedEarlier).
    APP_SECRET: TEST_APP_SECRET,
  });
  await waitForHealth(started.url);
  return started;
}

async function makeFixture(base: string): Promise<Fixture> {
  const user = new Client(base);
  const { email, password } = await signUp(user, { fullName: 'Sweep Person' });
  const iq = await (
    await user.post(
      '/api/tests/iq/score',
      iqSheetFor(await takeSitting(user.get, 'en'), () => true),
    )
  ).json();
  expect(iq.saved).toBe(true);
  const { verificationCode } = await (await user.get(`/api/results/iq/${iq.id}`)).json();
  const shared = await user.post(`/api/results/iq/${iq.id}/share`, { lang: 'en', showName: true });
  expect(shared.status).toBe(200);
  const { code: shareCode } = await shared.json();
  expect((await new Client(base).get(`/r/${shareCode}`)).status).toBe(200);
  const careerOf = async (client: Client) =>
    careerSheetFor(client.post, await takeCareerSitting(client.get, 'en'), (type) => type === 4);
  expect((await user.post('/api/tests/professional/score', await careerOf(user))).status).toBe(200);
  const visitor = new Client(base);
  const { token: visitorToken } = await (
    await visitor.post('/api/tests/professional/score', await careerOf(visitor))
  ).json();
  expect(visitorToken).toMatch(/^v1\./);
  // The sittings the sweep's sheets belong to: served to the user's browser, live (a reload resumes them), unscored.
  const iqSitting = await takeSitting(user.get, 'en');
  const iqSheet = iqSheetFor(iqSitting, () => true);
  const resumed = await (await user.get(`/api/tests/iq/form?lang=en&formToken=${iqSitting.formToken}`)).json();
  expect(resumed.formToken).toBe(iqSitting.formToken);
  const careerSitting = await takeCareerSitting(user.get, 'en');
  const careerSheet = await careerSheetFor(user.post, careerSitting, (type) => type === 4);
  const tieBreak = {
    formToken: careerSitting.formToken,
    answers: careerSheet.answers
      .slice(0, careerSitting.questions.length)
      .map(({ questionId, selectedAnswer }) => ({ questionId, selectedAnswer })),
    lang: 'en',
  };
  const checkout = await user.post('/api/payments/checkout', {
    fullName: 'Sweep Person',
    phone: '+380501234567',
    lang: 'en',
  });
  expect(checkout.status).toBe(201);
  const { orderReference } = await checkout.json();
  const userCookies = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const visitorCookies = `rozum_visitor=${user.cookies.get('rozum_visitor')}`;
  return {
    email,
    password,
    userCookies,
    visitorCookies,
    iqResultId: iq.id,
    verificationCode,
    shareCode,
    visitorToken,
    orderReference,
    iqSheet,
    careerSheet,
    tieBreak,
  };
}

const truncate = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
const describeCase = (c: Case) => `${c.method} ${truncate(c.path, 120)}`;

function judge(): Failure[] {
  const failures: Failure[] = [];
  cases.forEach((c, i) => {
    const o = outcomes[i];
    const text = o.body.toString('utf8');
    const fail = (reason: string) =>
      failures.push({
        reason,
        who: c.who,
        endpoint: c.endpoint,
        method: c.method,
        request: describeCase(c),
        group: c.group,
        label: c.label,
        status: o.status,
        ms: Math.round(o.ms),
        body: truncate(o.error ?? text),
      });
    if (o.error || !o.status) return fail(`no answer (${o.error})`);
    if (o.status >= 500) fail('5xx');
    else if (c.expect === 'refuse' && (o.status < 400 || o.status > 499)) fail('not refused (must be 4xx)');
    if (o.ms > TIME_LIMIT_MS) fail(`slower than ${TIME_LIMIT_MS} ms`);
    // Every answer carries the API's own security headers, set by the function or the JSON helper itself (on
    // Netlify, netlify.toml's headers never reach function responses): CORP and a policy that allows nothing.
    const policy = String(o.headers['content-security-policy'] ?? '');
    if (
      o.headers['cross-origin-resource-policy'] !== 'same-origin' ||
      !policy.startsWith("default-src 'none'") ||
      !policy.includes("frame-ancestors 'none'")
    ) {
      fail(`without the API security headers (CSP: ${policy || 'none'})`);
    }
    if (o.status >= 400 && /json/i.test(String(o.headers['content-type'] ?? '')) && c.method !== 'HEAD') {
      let error: unknown;
      try {
        error = (JSON.parse(text) as { error?: unknown })?.error;
      } catch {
        error = undefined;
      }
      if (typeof error !== 'string' || !error) fail('JSON error without a string `error` key');
    }
  });
  return failures;
}

/** The stack traces the server logged, by function, to name the cause of each 5xx. */
function loggedStacks(log: string): string[] {
  const blocks: string[] = [];
  const lines = log.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\[[\w.-]+\] /.test(lines[i]) || lines[i].startsWith('[start]')) continue;
    let block = lines[i];
    while (i + 1 < lines.length && /^\s+at /.test(lines[i + 1])) block += '\n' + lines[++i];
    if (block.includes('\n')) blocks.push(block);
  }
  const counts = new Map<string, number>();
  for (const b of blocks) counts.set(b, (counts.get(b) ?? 0) + 1);
  return [...counts].map(([b, n]) => `${n}× ${b}`);
}

function report(failures: Failure[]): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.reason} | ${f.method} ${f.endpoint} | ${f.group}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [...groups].map(([key, list]) => {
    const shown = list.slice(0, 6).map((f) => `    [${f.who}] ${f.label} → ${f.status} in ${f.ms} ms: ${f.body}`);
    return `${key} (${list.length})\n${shown.join('\n')}${list.length > 6 ? `\n    … ${list.length - 6} more` : ''}`;
  });
  return lines.join('\n');
}

describe(`hostile sweep over every endpoint (${driver})`, () => {
  beforeAll(async () => {
    discovered = await discoverEndpoints();
    database = await createTestDatabase(driver);
    // 1. Fixtures through the API: a signed-in user with saved results and an order, a visitor's result token.
    const first = await startServer();
    let fx: Fixture;
    try {
      fx = await makeFixture(first.url);
    } finally {
      // Stopping waits for the background work (notification deliveries) of the fixture requests.
      expect(await first.stop()).toBe(0);
    }
    // 2. The state before: the scheduled form statistics run once (so their rows exist on both sides), nothing
    //    pending that a scheduled job would pick up during the sweep, then the snapshot.
    before = await withDatabase(database.env, async (q) => {
      const { refreshFormStats } = await import('../../src/lib/server/item-stats.ts');
      await refreshFormStats();
      const pending = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'");
      expect(
        Number(pending[0].n),
        'notifications still pending would be delivered by a scheduled job during the sweep',
      ).toBe(0);
      return snapshot(q);
    });
    // 3. The sweep, on a fresh start of the same server and database.
    server = await startServer();
    cases = buildCases(discovered.endpoints, fx!);
    const started = performance.now();
    outcomes = await sendAll(cases, new URL(server.url));
    sweepMs = performance.now() - started;
    agent.destroy();
    serverLog = server.output();
    // HOSTILE_SWEEP_LOG=/some/prefix keeps the server's log and every request's outcome, for digging into a failure.
    if (process.env.HOSTILE_SWEEP_LOG) {
      writeFileSync(`${process.env.HOSTILE_SWEEP_LOG}.${driver}.log`, serverLog);
      const rows = cases.map((c, i) => ({
        who: c.who,
        method: c.method,
        endpoint: c.endpoint,
        group: c.group,
        label: c.label,
        expect: c.expect,
        status: outcomes[i].status,
        ms: Math.round(outcomes[i].ms),
        error: outcomes[i].error,
      }));
      writeFileSync(`${process.env.HOSTILE_SWEEP_LOG}.${driver}.json`, JSON.stringify(rows));
    }
    const code = await server.stop();
    server = undefined;
    expect(code).toBe(0);
    after = await withDatabase(database.env, snapshot);
    const perGroup = new Map<string, number>();
    for (const c of cases) perGroup.set(c.group, (perGroup.get(c.group) ?? 0) + 1);
    console.log(
      `[hostile-sweep ${driver}] ${cases.length} requests in ${(sweepMs / 1000).toFixed(1)} s over ${discovered.endpoints.length} endpoints ` +
        `(${[...perGroup].map(([g, n]) => `${g}: ${n}`).join(', ')}); slowest ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms`,
    );
  }, 600_000);

  afterAll(async () => {
    agent.destroy();
    await server?.stop();
    await database?.drop();
  });

  it('finds every endpoint in netlify/functions, scheduled functions aside', () => {
    const { endpoints, scheduled } = discovered;
    expect(endpoints.length).toBeGreaterThan(0);
    expect(endpoints.map((e) => e.pattern)).toContain('/api/tests/iq/score');
    expect(endpoints.find((e) => e.pattern === '/api/tests/iq/score')?.methods).toEqual(['POST']);
    expect(scheduled).toContain('outbox-deliver.mts');
    // Every endpoint is under /api/, but a shared result's public page (issue 32), which is a page's address.
    expect(endpoints.filter((e) => !e.pattern.startsWith('/api/')).map((e) => e.pattern)).toEqual(
      expect.arrayContaining(['/r/:code', '/eng/r/:code']),
    );
    expect(endpoints.filter((e) => !e.pattern.startsWith('/api/'))).toHaveLength(2);
    // Every endpoint and method was swept, as a visitor and as the signed-in user.
    for (const e of endpoints) {
      for (const method of e.methods) {
        for (const who of ['visitor', 'user'])
          expect(
            cases.some((c) => c.endpoint === e.pattern && c.method === method && c.who === who),
            `${method} ${e.pattern} ${who}`,
          ).toBe(true);
      }
    }
  });

  const failuresOf = (reason: RegExp) => judge().filter((f) => reason.test(f.reason));
  const expectNone = (failures: Failure[], what: string, withStacks = false) => {
    if (failures.length) {
      const stacks = withStacks ? loggedStacks(serverLog) : [];
      console.log(
        `[hostile-sweep ${driver}] ${what}: ${failures.length}\n${report(failures)}${stacks.length ? `\nserver stacks:\n${stacks.join('\n')}` : ''}`,
      );
    }
    expect(
      failures.map(
        (f) => `${f.reason}: [${f.who}] ${f.request} — ${f.group}: ${f.label} → ${f.status} ${f.body.slice(0, 160)}`,
      ),
    ).toEqual([]);
  };

  it('answers every request (no reset, no hang)', () => expectNone(failuresOf(/^no answer/), 'unanswered'));
  it('never answers 5xx', () => expectNone(failuresOf(/^5xx$/), '5xx', true));
  it('refuses with 4xx everything that must be refused', () => expectNone(failuresOf(/^not refused/), 'not refused'));
  it('gives every JSON error a string error key', () => expectNone(failuresOf(/error` key/), 'no error key'));
  it(`answers each request within ${TIME_LIMIT_MS} ms`, () => expectNone(failuresOf(/^slower/), 'slow'));

  it('leaves every table as it was (rate limits and the minutely statistics timestamp aside)', () => {
    expect(Object.keys(before).length).toBeGreaterThan(5);
    const changed = Object.keys({ ...before, ...after }).filter(
      (t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]),
    );
    if (changed.length)
      console.log(
        `[hostile-sweep ${driver}] tables changed: ${changed.map((t) => `${t} ${JSON.stringify(before[t])} → ${JSON.stringify(after[t])}`).join('; ')}`,
      );
    expect(changed).toEqual([]);
  });
});
