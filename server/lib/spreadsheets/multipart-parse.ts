/**
 * Multipart form bodies read on a parser thread (lib/spreadsheets/spreadsheet-runner.ts): undici's
 * `formData()` reads a whole body in one synchronous pass, 10–14 ms for a 10 MB sheet upload,
 * which on the request thread holds every other request up. http/envelope.ts readBody sends
 * bodies over MULTIPART_IN_WORKER bytes here; smaller ones are parsed where they arrive.
 */
export interface MultipartJob {
  op: 'multipart';
  bytes: Uint8Array;
  contentType: string;
}
/**
 * The fields of a multipart body: text fields as [name, value]; files as [name, file name,
 * media type, bytes] (the bytes are transferred back, not copied). `ok: false` for a body that
 * is not valid multipart.
 */
export type MultipartResult = { ok: true; fields: [string, string][]; files: [string, string, string, ArrayBuffer][] } | { ok: false };

/** Bodies larger than this (bytes, by Content-Length) are parsed on a parser thread. */
export const MULTIPART_IN_WORKER = 256 * 1024;

/** Parses `job.bytes` as multipart/form-data with the boundary of `job.contentType`. Never throws. */
export async function parseMultipart(job: MultipartJob): Promise<MultipartResult> {
  try {
    const form = await new Response(job.bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': job.contentType } }).formData();
    const fields: [string, string][] = [];
    const files: [string, string, string, ArrayBuffer][] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields.push([name, value]);
      else files.push([name, value.name, value.type, await value.arrayBuffer()]);
    }
    return { ok: true, fields, files };
  } catch {
    return { ok: false };
  }
}
