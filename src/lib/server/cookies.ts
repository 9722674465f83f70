/**
 * Reading the Cookie header, in one place: every cookie on the domain, decoded where it is valid percent-encoding
 * and taken as it is where it is not — a malformed `%` in any cookie (ours or anyone's) must never fail a request.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const raw of (header ?? '').split(';')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      jar.set(name, decodeURIComponent(value));
    } catch {
      jar.set(name, value);
    }
  }
  return jar;
}

export const readCookie = (req: Request, name: string): string | null => parseCookies(req.headers.get('cookie')).get(name) ?? null;
