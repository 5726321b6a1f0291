import { ApiError } from '../http/http-error.ts';
import type { Forward } from '../services/recognition.ts';

/** How long the server waits for the upstream service; below the console's own 15 s. */
export const UPSTREAM_TIMEOUT_MS = 10_000;
/** Largest upstream answer read, in bytes: its envelopes are small. */
const MAX_ANSWER = 1024 * 1024;

/** An upstream answer: its HTTP status and its envelope (`{ status, message, data, errors? }`). */
export interface UpstreamAnswer {
  status: number;
  body: { status?: string; message?: string; data?: unknown; errors?: Record<string, string[]> };
}

/**
 * One call to the upstream photo-recognition service (RECOGNITION_UPSTREAM_URL) with the static
 * token in `X-Api-Key` — the only place the token leaves the server (DESIGN.md §1, §4).
 * `path` is relative to the base ("events/7/bib_filter"); `body` is sent as JSON.
 * Throws ApiError 502 when the service cannot be reached, answers no JSON envelope or refuses
 * the server's token, 503 when it does not answer within UPSTREAM_TIMEOUT_MS. Its own 4xx
 * answers (validation, not found) are returned for the caller to pass on.
 */
export async function callUpstream(base: string, token: string, method: string, path: string, body?: unknown): Promise<UpstreamAnswer> {
  const url = `${base.replace(/\/+$/, '')}/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      redirect: 'error',
      headers: { Accept: 'application/json', 'X-Api-Key': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new ApiError(503, 'The photo-recognition service did not answer in time. Try again.');
    throw new ApiError(502, 'The photo-recognition service could not be reached. Try again later.');
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text.length <= MAX_ANSWER ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.status === 401 || res.status === 403) throw new ApiError(502, "The photo-recognition service refused the server's token.");
  if (!parsed || typeof parsed !== 'object' || res.status >= 500)
    throw new ApiError(502, 'The photo-recognition service answered with an error. Try again later.');
  return { status: res.status, body: parsed as UpstreamAnswer['body'] };
}

/** Passes an upstream refusal (4xx) on as the same status with its message and errors. */
export function throwUnlessOk(a: UpstreamAnswer): void {
  if (a.status >= 200 && a.status < 300 && (a.body.status === undefined || a.body.status === 'success')) return;
  const status = ([404, 409, 413, 422, 429] as const).find((s) => s === a.status) ?? 422;
  throw new ApiError(status, a.body.message || 'The photo-recognition service refused the request.', a.body.errors);
}

/**
 * The call that forwards to upstream service `base` with `token` and throws its refusals
 * (throwUnlessOk), or null when there is no upstream (the built-in emulation answers).
 */
export const forwarderFor = (base: string | undefined, token: string): Forward | null =>
  base
    ? async (method, path, payload) => {
        const a = await callUpstream(base, token, method, path, payload);
        throwUnlessOk(a);
        return a.body;
      }
    : null;
