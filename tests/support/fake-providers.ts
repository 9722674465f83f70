/**
 * A local HTTP server of ours standing in for the providers we cannot reach (DESIGN.md "Real parts"). It checks
 * that our requests follow each provider's documented format and answers as the provider would. Tests steer it
 * and read what it received through /__control.
 *
 * Google: OAuth 2.0 token endpoint (RFC 6749 §4.1.3 with PKCE, RFC 7636): form-encoded POST, client
 * authentication by HTTP Basic, grant_type=authorization_code, code, redirect_uri, code_verifier whose
 * base64url(SHA-256) equals the code_challenge of the authorization request. Answers JSON with an id_token.
 *
 * NBU: the official exchange rate, GET /NBUStatService/v1/statdirectory/exchange?valcode=USD&json, answering a JSON
 * array of { r030, txt, rate, cc, exchangedate: "DD.MM.YYYY" } (https://bank.gov.ua/ua/open-data/api-dev).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkStatusSignature, WAYFORPAY } from './wayforpay.ts';

export const GOOGLE_CLIENT_ID = 'rozum-test.apps.googleusercontent.com';
export const MAILCHIMP = { key: 'rozum-test-key-us21', list: 'list-123' };
export const TELEGRAM = { token: '123456:rozum-test-token', chat: '-1001234567890' };
export const GOOGLE_CLIENT_SECRET = 'rozum-test-secret';
/** The rate the fake NBU sets for today unless a test asks otherwise (hryvnias per dollar). */
export const NBU_USD_RATE = 41.7236;

interface Recorded {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  problems: string[];
}

interface GoogleCode {
  challenge: string;
  redirectUri: string;
  claims: Record<string, unknown>;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const unsignedJwt = (claims: Record<string, unknown>) =>
  `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'test' }))}.${b64url(JSON.stringify(claims))}.${b64url('not-checked')}`;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeProviders(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const recorded: Recorded[] = [];
  const googleCodes = new Map<string, GoogleCode>();
  const wfpStatuses = new Map<string, string>();
  const wfpReasons = new Map<string, number>();
  /** What regularApi REMOVE and SUSPEND answer next: WayForPay's success (4100) unless a test asks for an error. */
  let removeAnswer = { reasonCode: 4100, reason: 'Ok' };
  /** What regularApi RESUME answers next. */
  let resumeAnswer = { reasonCode: 4100, reason: 'Ok' };
  /** A schedule's status after a REMOVE, SUSPEND or RESUME that succeeded (STATUS reports it). */
  const scheduleStates = new Map<string, string>();
  /** What regularApi STATUS answers per order (a test sets the last charge). */
  const regularSchedules = new Map<string, Record<string, unknown>>();
  /** The members the list has (by subscriber hash): what a permanent delete finds or answers 404 for. */
  const mailchimpMembers = new Set<string>();
  /** The NBU's official USD rate the fake answers with; null answers 503, as an outage would. */
  let nbuRate: number | null = NBU_USD_RATE;

  const send = (res: ServerResponse, status: number, data: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  /** Mailchimp's error documents (problem+json): a member the list does not have, a request it refuses. */
  const mailchimpNotFound = (res: ServerResponse) =>
    send(res, 404, { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' });
  const mailchimpInvalid = (res: ServerResponse, problems: string[]) =>
    send(res, 400, { title: 'Invalid Resource', status: 400, detail: problems.join('; ') });

  function googleToken(req: IncomingMessage, body: string, problems: string[]): [number, unknown] {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      problems.push('content-type is not form-encoded');
    const form = new URLSearchParams(body);
    const basic = Buffer.from(
      `${encodeURIComponent(GOOGLE_CLIENT_ID)}:${encodeURIComponent(GOOGLE_CLIENT_SECRET)}`,
    ).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}`)
      problems.push('client authentication is not HTTP Basic with the client credentials');
    if (form.get('grant_type') !== 'authorization_code') problems.push('grant_type is not authorization_code');
    const code = googleCodes.get(form.get('code') ?? '');
    if (!code) return [400, { error: 'invalid_grant', error_description: 'Bad Request' }];
    if (form.get('redirect_uri') !== code.redirectUri)
      problems.push(`redirect_uri ${form.get('redirect_uri')} differs from ${code.redirectUri}`);
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))
      problems.push('code_verifier is not 43–128 unreserved characters');
    if (b64url(createHash('sha256').update(verifier).digest()) !== code.challenge)
      problems.push('code_verifier does not match the code_challenge (S256)');
    if (problems.length) return [400, { error: 'invalid_request', error_description: problems.join('; ') }];
    googleCodes.delete(form.get('code')!);
    const now = Math.floor(Date.now() / 1000);
    return [
      200,
      {
        access_token: 'ya29.test-access-token',
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
        id_token: unsignedJwt({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_CLIENT_ID,
          iat: now,
          exp: now + 3600,
          ...code.claims,
        }),
      },
    ];
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await bodyOf(req);
    if (url.pathname === '/__control/requests') return send(res, 200, recorded);
    if (url.pathname === '/__control/wayforpay/status' && req.method === 'POST') {
      const { orderReference, transactionStatus, reasonCode } = JSON.parse(body) as {
        orderReference: string;
        transactionStatus: string;
        reasonCode?: number;
      };
      wfpStatuses.set(orderReference, transactionStatus);
      if (reasonCode !== undefined) wfpReasons.set(orderReference, reasonCode);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__control/wayforpay/schedule' && req.method === 'POST') {
      const { orderReference, ...schedule } = JSON.parse(body) as { orderReference: string };
      regularSchedules.set(orderReference, schedule);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__control/wayforpay/remove' && req.method === 'POST') {
      removeAnswer = JSON.parse(body);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__control/wayforpay/resume' && req.method === 'POST') {
      resumeAnswer = JSON.parse(body);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__control/nbu' && req.method === 'POST') {
      nbuRate = (JSON.parse(body) as { rate: number | null }).rate;
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/__control/google/codes' && req.method === 'POST') {
      const { code, ...rest } = JSON.parse(body) as { code: string } & GoogleCode;
      googleCodes.set(code, rest);
      return send(res, 200, { ok: true });
    }
    const entry: Recorded = {
      path: url.pathname,
      method: req.method ?? 'GET',
      headers: req.headers as Record<string, string>,
      body,
      problems: [],
    };
    recorded.push(entry);
    // The NBU's official rates (https://bank.gov.ua/ua/open-data/api-dev): GET with valcode and json, a JSON array.
    if (url.pathname === '/NBUStatService/v1/statdirectory/exchange') {
      if (req.method !== 'GET') entry.problems.push('not a GET');
      if (url.searchParams.get('valcode') !== 'USD') entry.problems.push('valcode is not USD');
      if (!url.searchParams.has('json')) entry.problems.push('json not asked for (the NBU answers XML without it)');
      if (nbuRate === null) return send(res, 503, { message: 'unavailable' });
      const d = new Date();
      const day = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
      return send(res, 200, [{ r030: 840, txt: 'Долар США', rate: nbuRate, cc: 'USD', exchangedate: day }]);
    }
    // Google's account chooser, for a browser: the authorization request checked, a form asks which account (any
    // address, as Google would vouch for it), and its answer goes back to redirect_uri with a code and the state.
    if (url.pathname === '/google/auth') {
      const q = url.searchParams;
      if (q.get('client_id') !== GOOGLE_CLIENT_ID) entry.problems.push('client_id is not ours');
      if (q.get('response_type') !== 'code') entry.problems.push('response_type is not code');
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        entry.problems.push('no S256 code_challenge');
      if (!q.get('state') || !q.get('redirect_uri')) entry.problems.push('no state or redirect_uri');
      if (entry.problems.length) return send(res, 400, { error: 'invalid_request', problems: entry.problems });
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><title>Sign in with Google (test)</title><link rel="icon" href="data:,"><main>
<form method="post" action="${url.pathname}${url.search.replace(/"/g, '&quot;')}">
<label>Email <input name="email" type="email"></label> <label>Name <input name="name"></label>
<button>Continue</button></form></main></html>`);
      }
      const form = new URLSearchParams(body);
      const email = form.get('email') ?? '';
      const code = `code-${randomBytes(8).toString('hex')}`;
      googleCodes.set(code, {
        challenge: q.get('code_challenge')!,
        redirectUri: q.get('redirect_uri')!,
        claims: { sub: `g-${email}`, email, email_verified: true, name: form.get('name') ?? '' },
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/google/token' && req.method === 'POST') {
      const [status, data] = googleToken(req, body, entry.problems);
      return send(res, status, data);
    }
    // Mailchimp Marketing API v3: Basic auth with the API key; member path = MD5 of the lowercased email.
    const member =
      /^\/mailchimp\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags|\/actions\/delete-permanent)?$/.exec(
        url.pathname,
      );
    if (member) {
      const expectedAuth = `Basic ${Buffer.from(`rozum:${MAILCHIMP.key}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth)
        entry.problems.push('Authorization is not Basic with the API key');
      if (member[1] !== MAILCHIMP.list) entry.problems.push(`unknown list ${member[1]}`);
      // Delete list member (permanently): POST …/actions/delete-permanent, no body; 204, or 404 for a member the list
      // does not have (https://mailchimp.com/developer/marketing/api/list-members/delete-list-member/).
      if (member[3] === '/actions/delete-permanent') {
        if (req.method !== 'POST') entry.problems.push('delete-permanent is not a POST');
        if (body) entry.problems.push('delete-permanent has a body');
        if (entry.problems.length) return mailchimpInvalid(res, entry.problems);
        if (!mailchimpMembers.delete(member[2])) return mailchimpNotFound(res);
        return (res.writeHead(204), res.end());
      }
      const data = JSON.parse(body || '{}');
      // Update list member: PATCH with the new email_address moves the member to it (404 for one the list lacks).
      if (!member[3] && req.method === 'PATCH') {
        if (typeof data.email_address !== 'string' || !data.email_address.includes('@'))
          entry.problems.push('PATCH member without an email_address');
        if (entry.problems.length) return mailchimpInvalid(res, entry.problems);
        if (!mailchimpMembers.delete(member[2])) return mailchimpNotFound(res);
        const moved = createHash('md5').update(data.email_address.toLowerCase()).digest('hex');
        mailchimpMembers.add(moved);
        return send(res, 200, { id: moved, email_address: data.email_address, status: 'subscribed' });
      }
      if (member[3]) {
        if (
          req.method !== 'POST' ||
          !Array.isArray(data.tags) ||
          !data.tags.every((t: { name?: string; status?: string }) => t.name && t.status === 'active')
        )
          entry.problems.push('tags body is not {tags:[{name,status:"active"}]}');
        return entry.problems.length
          ? send(res, 400, { title: 'Invalid Resource', detail: entry.problems.join('; ') })
          : (res.writeHead(204), res.end());
      }
      if (req.method !== 'PUT') entry.problems.push('member upsert is not PUT');
      const hash = createHash('md5')
        .update(String(data.email_address ?? '').toLowerCase())
        .digest('hex');
      if (hash !== member[2]) entry.problems.push('member hash is not the MD5 of the lowercased email');
      // Double opt-in: a new member waits for Mailchimp's confirmation mail.
      if (data.status_if_new !== 'pending') entry.problems.push('status_if_new is not pending');
      // Mailchimp stores a merge field only under its tag, at most 10 characters (A–Z, 0–9, _): refuse what it refuses.
      for (const tag of Object.keys(data.merge_fields ?? {}))
        if (!/^[A-Z0-9_]{1,10}$/.test(tag)) entry.problems.push(`merge field ${tag} is not a merge tag`);
      if (entry.problems.length)
        return send(res, 400, { title: 'Invalid Resource', detail: entry.problems.join('; ') });
      mailchimpMembers.add(hash);
      return send(res, 200, { id: hash, email_address: data.email_address, status: 'subscribed' });
    }
    // Telegram Bot API: POST /bot<token>/sendMessage with JSON chat_id and text.
    if (url.pathname === `/telegram/bot${TELEGRAM.token}/sendMessage`) {
      const data = JSON.parse(body || '{}');
      if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('application/json'))
        entry.problems.push('sendMessage is not a JSON POST');
      if (String(data.chat_id) !== TELEGRAM.chat || typeof data.text !== 'string' || !data.text)
        entry.problems.push('chat_id or text missing');
      return entry.problems.length
        ? send(res, 400, { ok: false, description: entry.problems.join('; ') })
        : send(res, 200, { ok: true, result: { message_id: recorded.length } });
    }
    if (url.pathname.startsWith('/telegram/'))
      return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    // WayForPay: CHECK_STATUS (signature merchantAccount;orderReference) and regularApi REMOVE (merchant password).
    if (url.pathname === '/wayforpay/api' && req.method === 'POST') {
      const data = JSON.parse(body || '{}');
      if (
        data.transactionType !== 'CHECK_STATUS' ||
        data.merchantAccount !== WAYFORPAY.account ||
        data.merchantSignature !== checkStatusSignature(WAYFORPAY.account, data.orderReference)
      )
        entry.problems.push('CHECK_STATUS request malformed or badly signed');
      return send(
        res,
        200,
        entry.problems.length
          ? { reasonCode: 1113, reason: 'Signature is invalid' }
          : {
              orderReference: data.orderReference,
              transactionStatus: wfpStatuses.get(data.orderReference) ?? 'InProcessing',
              amount: 1,
              currency: 'USD',
              // The transaction's own code (https://wiki.wayforpay.com/en/view/852131): Ok unless told otherwise.
              reasonCode: wfpReasons.get(data.orderReference) ?? 1100,
            },
      );
    }
    if (url.pathname === '/wayforpay/regularApi' && req.method === 'POST') {
      const data = JSON.parse(body || '{}');
      if (
        !['REMOVE', 'STATUS', 'SUSPEND', 'RESUME'].includes(data.requestType) ||
        data.merchantAccount !== WAYFORPAY.account ||
        data.merchantPassword !== WAYFORPAY.password ||
        !data.orderReference
      )
        entry.problems.push(`${data.requestType} request malformed`);
      if (entry.problems.length) return send(res, 200, { reasonCode: 1109, reason: 'Invalid request' });
      if (data.requestType === 'STATUS') {
        const schedule = regularSchedules.get(data.orderReference);
        return send(
          res,
          200,
          schedule
            ? {
                reasonCode: 4100,
                reason: 'Ok',
                orderReference: data.orderReference,
                mode: 'monthly',
                status: 'Active',
                amount: 1,
                currency: 'USD',
                ...schedule,
                ...(scheduleStates.has(data.orderReference) ? { status: scheduleStates.get(data.orderReference) } : {}),
              }
            : { reasonCode: 4102, reason: 'Rule not found' },
        );
      }
      // REMOVE, SUSPEND (https://wiki.wayforpay.com/view/852506) and RESUME (/en/view/852513): the same request.
      const answer = data.requestType === 'RESUME' ? resumeAnswer : removeAnswer;
      if (answer.reasonCode === 4100)
        scheduleStates.set(
          data.orderReference,
          { REMOVE: 'Removed', SUSPEND: 'Suspended', RESUME: 'Active' }[data.requestType as 'REMOVE'],
        );
      return send(res, 200, answer);
    }
    return send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The environment that points our server at the fakes. */
export const fakeProviderEnv = (url: string): Record<string, string> => ({
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_AUTH_ENDPOINT: `${url}/google/auth`,
  GOOGLE_TOKEN_ENDPOINT: `${url}/google/token`,
  MAILCHIMP_API_KEY: MAILCHIMP.key,
  MAILCHIMP_LIST_ID: MAILCHIMP.list,
  MAILCHIMP_API_BASE: `${url}/mailchimp`,
  TELEGRAM_BOT_TOKEN: TELEGRAM.token,
  TELEGRAM_CHAT_ID: TELEGRAM.chat,
  TELEGRAM_API_BASE: `${url}/telegram`,
  WAYFORPAY_API_BASE: `${url}/wayforpay`,
  NBU_API_BASE: url,
});

/** Everything the fake received so far. */
export async function receivedBy(
  url: string,
): Promise<{ path: string; method: string; headers: Record<string, string>; body: string; problems: string[] }[]> {
  return (await fetch(`${url}/__control/requests`)).json();
}
