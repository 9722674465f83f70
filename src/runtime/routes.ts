/**
 * Netlify Functions v2 routing, locally: each module's `config.path` (with `:params` and a trailing `*`) and
 * `config.method`. A literal segment beats a parameter, so `/api/payments/wayforpay` wins over `/:orderReference`.
 */
export interface Route<H = unknown> {
  pattern: string;
  methods: string[] | null;
  handler: H;
  name: string;
}

export interface Match<H> {
  route: Route<H>;
  params: Record<string, string>;
}

export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment === '*' && i === want.length - 1) {
      params['*'] = got.slice(i).join('/');
      return params;
    }
    if (i >= got.length) return null;
    let value: string;
    try {
      value = decodeURIComponent(got[i]);
    } catch {
      return null;
    }
    // A control character (%00…) names no resource of ours.
    if (/[\u0000-\u001f\u007f]/.test(value)) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return null;
  }
  return want.length === got.length ? params : null;
}

/** Higher is more specific: literal segments first, then fewer parameters, then no wildcard. */
function specificity(pattern: string): number {
  const segments = pattern.split('/').filter(Boolean);
  const literals = segments.filter((s) => !s.startsWith(':') && s !== '*').length;
  return literals * 100 - segments.filter((s) => s.startsWith(':')).length * 10 - (pattern.endsWith('*') ? 1 : 0);
}

export function sortRoutes<H>(routes: Route<H>[]): Route<H>[] {
  return [...routes].sort((a, b) => specificity(b.pattern) - specificity(a.pattern));
}

/** The route for this request; `allowed` lists methods that would have matched when none does. */
export function findRoute<H>(
  routes: Route<H>[],
  method: string,
  pathname: string,
): { match?: Match<H>; allowed: string[] } {
  const allowed = new Set<string>();
  for (const route of routes) {
    const params = matchPattern(route.pattern, pathname);
    if (!params) continue;
    const methodOk =
      !route.methods || route.methods.includes(method) || (method === 'HEAD' && route.methods.includes('GET'));
    if (methodOk) return { match: { route, params }, allowed: [] };
    route.methods?.forEach((m) => allowed.add(m));
  }
  return { allowed: [...allowed] };
}
