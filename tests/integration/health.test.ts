import { describe, expect, inject, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const base = inject('baseUrl');

describe('GET /api/health', () => {
  it('reports ok, the database in use, the driver this project talks to it with, and the version', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, db: inject('dbKind'), driver: inject('dbDriver'), version: pkg.version });
    expect(Date.parse(body.since)).toBeLessThanOrEqual(Date.now());
  });
});
