/**
 * Request bodies and query strings as the API takes them (admin-area §7, DESIGN.md §2): forms
 * are form-encoded, multipart when a File or Blob is among the values. Pure; lib/http.ts sends.
 */

/** A form field's value; a Blob makes the body multipart, null and undefined are left out. */
export type FormValue = string | number | boolean | null | undefined | Blob;
/** A form body: field name -> value. */
export type FormBody = Record<string, FormValue>;

/** Form-encodes a body; multipart when a value is a Blob. Null and undefined values are left out. */
export function encodeBody(body: FormBody): URLSearchParams | FormData {
  const entries = Object.entries(body).filter(([, v]) => v !== undefined && v !== null) as [string, Exclude<FormValue, null | undefined>][];
  if (entries.some(([, v]) => v instanceof Blob)) {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v instanceof Blob ? v : String(v));
    return fd;
  }
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)]) as [string, string][]);
}

/** Query string from values, skipping empty ones: qs({ page: 2, q: '' }) -> "?page=2". */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
