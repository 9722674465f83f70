import { describe, expect, it } from 'vitest';
import { findRoute, matchPattern, sortRoutes, type Route } from '../../src/runtime/routes.ts';

describe('function path patterns', () => {
  it('matches literal paths and named parameters', () => {
    expect(matchPattern('/api/health', '/api/health')).toEqual({});
    expect(matchPattern('/api/health', '/api/health/')).toEqual({});
    expect(matchPattern('/api/results/iq/:id', '/api/results/iq/42')).toEqual({ id: '42' });
    expect(matchPattern('/api/results/iq/:id', '/api/results/iq')).toBeNull();
    expect(matchPattern('/api/results/iq/:id', '/api/results/iq/42/x')).toBeNull();
  });

  it('decodes parameters and rejects malformed encoding', () => {
    expect(matchPattern('/api/x/:name', '/api/x/a%20b')).toEqual({ name: 'a b' });
    expect(matchPattern('/api/x/:name', '/api/x/%E0%A4%A')).toBeNull();
  });

  it('supports a trailing wildcard', () => {
    expect(matchPattern('/api/files/*', '/api/files/a/b')).toEqual({ '*': 'a/b' });
  });

  const route = (pattern: string, methods: string[] | null, handler: string): Route<string> => ({
    pattern,
    methods,
    handler,
    name: handler,
  });
  const routes = sortRoutes([
    route('/api/payments/:orderReference', ['GET'], 'status'),
    route('/api/payments/wayforpay', ['POST'], 'callback'),
    route('/api/*', null, 'fallback'),
  ]);

  it('prefers a literal segment over a parameter, and either over a wildcard', () => {
    expect(findRoute(routes, 'POST', '/api/payments/wayforpay').match?.route.handler).toBe('callback');
    expect(findRoute(routes, 'GET', '/api/payments/GP-1').match?.route.handler).toBe('status');
    expect(findRoute(routes, 'GET', '/api/other').match?.route.handler).toBe('fallback');
  });

  it('reports the allowed methods when only the method is wrong', () => {
    const only = sortRoutes([route('/api/health', ['GET'], 'health')]);
    expect(findRoute(only, 'DELETE', '/api/health')).toEqual({ allowed: ['GET'] });
    expect(findRoute(only, 'HEAD', '/api/health').match?.route.handler).toBe('health');
    expect(findRoute(only, 'GET', '/api/nothing')).toEqual({ allowed: [] });
  });
});
