import { CONTRACT, envelope } from '../../src/common/contract/schemas.ts';

/** CONTRACT's routes as matchers: `{param}` matches one number (ids), so /api/user/get is not /api/user/{id}. */
const MATCHERS = Object.entries(CONTRACT)
  .filter(([, c]) => c.data)
  .map(([key, c]) => {
    const [method, path] = key.split(' ');
    return { key, method, re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '\\d+')}$`), schema: envelope(c.data!) };
  });

/**
 * The contract check of the API tests: a success answer (2xx, JSON envelope
 * with status "success") of a route the contract describes must match its schema
 * (src/common/contract/schemas.ts CONTRACT). Throws naming the route and zod's problems, which
 * fails the test making the call. `path` is what the test called ("page/3?page=1" or "/api/…").
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status > 299 || !body || typeof body !== 'object' || (body as { status?: unknown }).status !== 'success') return;
  const pathname = new URL(path.startsWith('/') ? path : `/api/${path}`, 'http://x').pathname;
  const m = MATCHERS.find((x) => x.method === method.toUpperCase() && x.re.test(pathname));
  if (!m) return;
  const r = m.schema.safeParse(body);
  if (!r.success) throw new Error(`The answer of ${method} ${pathname} does not match the contract (${m.key}): ${r.error.message}`);
}
