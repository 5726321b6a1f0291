import { getBlob } from './http.ts';

/**
 * Downloads a file the API serves behind the bearer token (a plain link cannot carry it):
 * fetched through the one fetch wrapper, then saved from an object URL under the server's
 * file name, else `fallbackName`. Rejects with `HttpError` like any call.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await getBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves `text` (UTF-8, text/plain) as the file `name` through an object URL: for text the console made itself, e.g. recovery codes. */
export function saveText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
