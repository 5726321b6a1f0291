import { callUrl, sessionHeaders, type Service } from './call-basics.ts';
import { encodeBody, type FormBody } from './form-body.ts';
import { takeEarlyCall } from './early-calls.ts';
import { currentLocale, t } from './i18n.ts';

export { encodeBody, qs, type FormBody, type FormValue } from './form-body.ts';

/**
 * The one fetch wrapper (admin-area §7, STYLE.md §3). Bearer token from storage on both services
 * (the photo-recognition API is reached through the server with the user's session; the console
 * holds no service token, DESIGN.md §1), form-encoded bodies (multipart when a File or Blob is
 * among the values; JSON for the photo-recognition API), the `XSRF-TOKEN` cookie echoed as
 * `X-XSRF-TOKEN`, and every failure rejected as one `HttpError` carrying the HTTP status and the
 * parsed envelope. Photo-recognition calls give up after RECOGNITION_TIMEOUT_MS. A GET the early
 * script started before the console ran (early-calls.ts) is answered from that call.
 */
export interface Envelope<T = unknown> {
  status: string; // "success" | "validation_error" | "error" | ...
  /** In the language the console shows (the server says it in the caller's language, from Accept-Language or the user's own). */
  message: string;
  /** The message's stable code (a success or a refusal, src/common/i18n/api-messages.ts), when it has one. */
  code?: string;
  data: T;
  errors?: Record<string, string[]>;
}

/** A failed call: `status` is the HTTP status (0 when the network failed), `body` the envelope when there was one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Envelope | null,
    message?: string,
  ) {
    super(message ?? body?.message ?? `Request failed (${status})`);
  }
}

/**
 * A call that got no answer within its time limit: status 0 like any network failure, since
 * whether the server acted on it is unknown. `seconds` is the limit that ran out.
 */
export class TimeoutError extends HttpError {
  constructor(readonly seconds: number) {
    super(0, null, t('http.timeout', { seconds }));
  }
}

/** How long a photo-recognition call may take before it is given up, in ms: a form never waits forever on a silent service. */
export const RECOGNITION_TIMEOUT_MS = 15_000;

/**
 * `timeoutMs`: give up after this many ms with a TimeoutError (recognition calls: RECOGNITION_TIMEOUT_MS unless set).
 * `keepalive`: the call outlives the page (fetch keepalive), for a last word as a tab closes (an edit lease given back).
 * `record`: the record path this answer's ETag is the version of, when the call reads the record under another
 * path (GET getCampaignDetailById?campaign_id=5 answers the version of campaign/5, the path its edit PUTs).
 * `version`: the record version the reader saw (a list row's `version`), sent as If-Match by a PUT or DELETE in place
 * of the kept one.
 */
interface CallOptions {
  service?: Service;
  signal?: AbortSignal;
  timeoutMs?: number;
  keepalive?: boolean;
  onUploadProgress?: (fraction: number) => void;
  record?: string;
  version?: number;
}

/**
 * Record versions (docs/live.md): the ETag of each record path the API answered
 * ("page/5" -> '"3"'), sent back as If-Match by the next PUT or DELETE of that path, so a save over
 * someone else's newer change answers 412 instead of overwriting it. A 412 names the record's
 * current version, which replaces the kept one: the save after it (the reader has seen the other
 * change beside their own, components/edit-conflict.tsx) is the reader's informed choice. Bounded
 * to MAX_VERSIONS paths, oldest first out.
 */
const versions = new Map<string, string>();
const MAX_VERSIONS = 500;
const recordPath = (path: string) => path.replace(/^\/+/, '').split('?')[0];
function keepVersion(path: string, etag: string | null | undefined) {
  if (!etag) return;
  const key = recordPath(path);
  versions.delete(key);
  versions.set(key, etag);
  if (versions.size > MAX_VERSIONS) versions.delete(versions.keys().next().value!);
}
/** The If-Match a write of `path` sends: the version its last answer carried, if any. */
export const versionOf = (path: string): string | undefined => versions.get(recordPath(path));

/** What a 412 answer carries (server lib/activity/versions.ts): the record as it is, its version and who changed it last. */
export interface StaleRecord {
  version: number;
  record: Record<string, unknown>;
  changed_by: { name: string; at: number } | null;
}

/** The 412's record of a failed save, or null when `err` is not one. */
export function staleRecord(err: unknown): StaleRecord | null {
  if (!(err instanceof HttpError) || err.status !== 412) return null;
  const data = err.body?.data as StaleRecord | null | undefined;
  return data && typeof data === 'object' && data.record ? data : null;
}

const signedOutListeners = new Set<() => void>();
/**
 * Subscribes to "the session is gone": a GET answered with status "error" (admin-area §4) calls
 * every subscriber once. The app layer subscribes and goes to /login; the wrapper knows nothing
 * of the app above it. Returns the unsubscribe function (an effect's cleanup).
 */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

function headersFor(method: string, json: boolean): Record<string, string> {
  const h = sessionHeaders();
  const xsrf = cookie('XSRF-TOKEN');
  if (xsrf && method !== 'GET') h['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  if (json) h['Content-Type'] = 'application/json';
  // Refusals and success messages come back in the language shown (the user's choice), with their codes.
  h['Accept-Language'] = currentLocale();
  return h;
}

async function parse(res: { status: number; text: string }, method: string): Promise<Envelope> {
  let body: Envelope | null = null;
  try {
    body = res.text ? (JSON.parse(res.text) as Envelope) : null;
  } catch {
    body = null;
  }
  if (method === 'GET' && body?.status === 'error') for (const listener of [...signedOutListeners]) listener();
  if (res.status < 200 || res.status >= 300 || !body || (body.status !== 'success' && body.status !== undefined)) {
    throw new HttpError(res.status, body);
  }
  return body;
}

/**
 * Makes one call. `path` is relative to the service base ("permission?page=2"). Resolves to the
 * envelope when status is "success"; rejects with `HttpError` otherwise (network failures: status 0).
 */
export async function request<T = unknown>(method: string, path: string, body?: FormBody | object, opts: CallOptions = {}): Promise<Envelope<T>> {
  const service = opts.service ?? 'api';
  const json = service === 'recognition' && body !== undefined;
  const payload = body === undefined ? undefined : json ? JSON.stringify(body) : encodeBody(body as FormBody);
  if (opts.onUploadProgress) return (await xhr(method, callUrl(path, service), headersFor(method, json), payload, opts.onUploadProgress)) as Envelope<T>;
  const timeoutMs = opts.timeoutMs ?? (service === 'recognition' ? RECOGNITION_TIMEOUT_MS : undefined);
  const ctl = new AbortController();
  const onAbort = () => ctl.abort(opts.signal?.reason);
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          ctl.abort();
        }, timeoutMs);
  try {
    const url = callUrl(path, service);
    const headers = headersFor(method, json);
    const kept =
      service === 'api' && (method === 'PUT' || method === 'DELETE') ? (opts.version !== undefined ? `"${opts.version}"` : versionOf(path)) : undefined;
    if (kept) headers['If-Match'] = kept;
    // A GET the early script already made (early-calls.ts) is answered from it; one that failed is made again.
    const early = method === 'GET' && service === 'api' ? takeEarlyCall(url, headers.Authorization ?? '') : undefined;
    const res =
      (await early?.catch(() => undefined)) ??
      (await fetch(url, { method, headers, body: payload, credentials: 'include', signal: ctl.signal, keepalive: opts.keepalive }));
    ctl.signal.throwIfAborted();
    if (service === 'api') {
      if (res.ok && (method === 'GET' || method === 'PUT')) keepVersion(opts.record ?? path, res.headers.get('ETag'));
      else if (res.ok && method === 'DELETE') versions.delete(recordPath(path));
    }
    try {
      return (await parse({ status: res.status, text: await res.text() }, method)) as Envelope<T>;
    } catch (err) {
      const stale = service === 'api' ? staleRecord(err) : null;
      if (stale) keepVersion(path, `"${stale.version}"`);
      throw err;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut) throw new TimeoutError(Math.round(timeoutMs! / 1000));
    if ((err as Error).name === 'AbortError') throw err;
    throw new HttpError(0, null, t('http.unreachable'));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * GET of a file (the lists' CSV export): same bearer and base URL as `request`, resolved as a
 * Blob with the server's file name from Content-Disposition when it gives one; a failure is the
 * same `HttpError` as any call (the envelope parsed from the error body).
 */
export async function getBlob(path: string): Promise<{ blob: Blob; filename: string | null }> {
  let res: Response;
  try {
    res = await fetch(callUrl(path, 'api'), { headers: { ...headersFor('GET', false), Accept: 'text/csv, application/json' }, credentials: 'include' });
  } catch {
    throw new HttpError(0, null, t('http.unreachable'));
  }
  if (!res.ok) await parse({ status: res.status, text: await res.text() }, 'GET');
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), filename: name };
}

// fetch cannot report upload progress; XMLHttpRequest can (the photo upload's progress bar).
function xhr(method: string, url: string, headers: Record<string, string>, body: BodyInit | undefined, progress: (f: number) => void): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open(method, url);
    x.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) x.setRequestHeader(k, v);
    x.upload.onprogress = (e) => {
      if (e.lengthComputable) progress(e.loaded / e.total);
    };
    x.onerror = () => reject(new HttpError(0, null, t('http.unreachable')));
    x.onload = () => {
      progress(1);
      parse({ status: x.status, text: x.responseText }, method).then(resolve, reject);
    };
    x.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

/** The four verbs over `request`: get, post, put, del. */
export const http = {
  get: <T>(path: string, opts?: CallOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body: FormBody | object = {}, opts?: CallOptions) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body: FormBody | object = {}, opts?: CallOptions) => request<T>('PUT', path, body, opts),
  del: <T>(path: string, opts?: CallOptions) => request<T>('DELETE', path, undefined, opts),
};
