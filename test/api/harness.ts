import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../../server/start.ts';

export const ADMIN = { email: 'admin@example.com', password: 'Admin-pass-1' };

export interface TestApi extends RunningServer {
  /** Signs in and returns the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  /** One call with the XSRF cookie and header set; `form` is form-encoded (or multipart when it holds a Blob). */
  call(method: string, path: string, opts?: { token?: string; form?: Record<string, string | Blob>; json?: unknown; xsrf?: boolean; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** Starts the real API on a free port over a fresh temporary database (removed by `stop`). */
export async function startTestApi(opts: Partial<StartOptions> = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const server = await startServer({ dataDir, adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false, staticDir: process.env.STATIC_DIR ?? 'dist', ...opts });
  const first = await fetch(`${server.url}/api/ping`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];

  const call: TestApi['call'] = async (method, p, o = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (o.xsrf !== false) { headers.Cookie = `XSRF-TOKEN=${xsrf}`; headers['X-XSRF-TOKEN'] = xsrf; }
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    Object.assign(headers, o.headers);
    let body: BodyInit | undefined;
    if (o.json !== undefined) { body = JSON.stringify(o.json); headers['Content-Type'] = 'application/json'; }
    else if (o.form) {
      if (Object.values(o.form).some((v) => v instanceof Blob)) {
        const fd = new FormData();
        for (const [k, v] of Object.entries(o.form)) fd.append(k, v as string | Blob);
        body = fd;
      } else body = new URLSearchParams(o.form as Record<string, string>);
    }
    const res = await fetch(`${server.url}${p.startsWith('/') ? p : `/api/${p}`}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const login = async (email = ADMIN.email, password = ADMIN.password) => {
    const r = await call('POST', 'login', { form: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };
  return { ...server, call, login, stop: async () => { await server.close(); rmSync(dataDir, { recursive: true, force: true }); } };
}
