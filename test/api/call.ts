/** Options of one test API call: bearer token, body (JSON, form, or multipart when `form` holds a Blob), extra headers. */
export interface CallOptions {
  token?: string;
  form?: Record<string, string | Blob>;
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The XSRF value sent as cookie and header alike; false sends neither. */
  xsrf?: string | false;
}

/** One call to the API at `base`; `p` is "login" (under /api/) or an absolute path "/login". Answers status, parsed body and headers. */
export async function apiRequest(base: string, method: string, p: string, o: CallOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (o.xsrf) {
    headers.Cookie = `XSRF-TOKEN=${o.xsrf}`;
    headers['X-XSRF-TOKEN'] = o.xsrf;
  }
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  Object.assign(headers, o.headers);
  let body: BodyInit | undefined;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers['Content-Type'] = 'application/json';
  } else if (o.form) {
    if (Object.values(o.form).some((v) => v instanceof Blob)) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(o.form)) fd.append(k, v as string | Blob);
      body = fd;
    } else body = new URLSearchParams(o.form as Record<string, string>);
  }
  const res = await fetch(`${base}${p.startsWith('/') ? p : `/api/${p}`}`, { method, headers, body, signal: o.signal });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
