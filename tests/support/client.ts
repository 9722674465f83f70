/** A tiny HTTP client for integration tests: a cookie jar, JSON helpers, and a per-test client address. */
import { randomBytes } from 'node:crypto';

export class Client {
  private jar = new Map<string, string>();
  /** Each client has its own address, so per-IP rate limits of one test do not spill into another. */
  readonly ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  private base: string;

  constructor(base: string) {
    this.base = base;
  }

  get cookies(): Map<string, string> {
    return this.jar;
  }

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.ip);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + path, { ...init, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
    this.request(path, { method: 'POST', json, headers });
  get = (path: string) => this.request(path);
}

export const uniqueEmail = (tag = 'user') => `${tag}.${randomBytes(5).toString('hex')}@example.com`;
