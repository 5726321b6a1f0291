import { runtimeConfig } from './config.ts';
import { readStored } from './storage.ts';

/**
 * What every call of the console carries, whoever makes it: the fetch wrapper (http.ts) and the
 * early script's first GETs (early-calls.ts), which must match the wrapper's calls exactly for
 * their answers to be taken. Kept apart from http.ts so the early script stays small.
 */

/** The two services a call goes to (DESIGN.md §1): the main API, or photo recognition through the server. */
export type Service = 'api' | 'recognition';

/** The full URL of `path` ("permission?page=2", a leading `/` ignored) on `service`'s base from config.js; an absolute URL as it is. */
export const callUrl = (path: string, service: Service): string =>
  /^https?:\/\//.test(path) ? path : (service === 'api' ? runtimeConfig().apiBaseUrl : runtimeConfig().recognitionBaseUrl) + path.replace(/^\//, '');

/** The headers of every call: JSON answers, and `Authorization: Bearer …` when a session is stored. */
export function sessionHeaders(): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json' };
  const token = readStored('token');
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}
