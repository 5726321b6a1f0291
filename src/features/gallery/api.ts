import { callUrl } from '../../lib/call-basics.ts';
import { HttpError, http, type Envelope } from '../../lib/http.ts';
import type { ErasureReceipt, Gallery, GalleryDownload, GalleryDownloadInput, GalleryFaceSearch } from '../../common/contract/participants.ts';

/**
 * The public gallery's calls (docs/participants.md "The gallery"): no session. The GET is made
 * with fetch rather than the console's wrapper, whose failed GETs mean "signed out" and send the
 * browser to /login: a wrong gallery link must say "Gallery not found." where it is opened.
 */

/** GET gallery/{token}: the participant's gallery; rejects with HttpError (404 "Gallery not found.", 429). */
export async function getGallery(token: string, signal?: AbortSignal): Promise<Gallery> {
  let res: Response;
  try {
    res = await fetch(callUrl(`gallery/${encodeURIComponent(token)}`, 'api'), { headers: { Accept: 'application/json' }, credentials: 'include', signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new HttpError(0, null, 'The server could not be reached. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => null)) as Envelope<Gallery> | null;
  if (!res.ok || !body || body.status !== 'success') throw new HttpError(res.status, body);
  return body.data;
}

/** POST gallery/{token}/download: a free event's photo; resolves to its full-resolution link and marks the participant bought. */
export const downloadPhoto = async (token: string, photoId: number) =>
  (await http.post<GalleryDownload>(`gallery/${encodeURIComponent(token)}/download`, { photo_id: photoId } satisfies GalleryDownloadInput)).data;

/** POST gallery/{token}/consent: "I agree" to face search; resolves to the gallery's face-search part. */
export const agreeToFaceSearch = async (token: string) =>
  (await http.post<GalleryFaceSearch>(`gallery/${encodeURIComponent(token)}/consent`)).data;

/** GET gallery/{token}/face-search (fetch, like getGallery: a refusal is not "signed out"): the photos found; 403 without consent, 409 closed. */
export async function searchByFace(token: string): Promise<{ photos: Gallery['photos'] }> {
  const res = await fetch(callUrl(`gallery/${encodeURIComponent(token)}/face-search`, 'api'), { headers: { Accept: 'application/json' }, credentials: 'include' })
    .catch(() => { throw new HttpError(0, null, 'The server could not be reached. Check your connection and try again.'); });
  const body = (await res.json().catch(() => null)) as Envelope<{ photos: Gallery['photos'] }> | null;
  if (!res.ok || !body || body.status !== 'success') throw new HttpError(res.status, body);
  return body.data;
}

/** POST gallery/{token}/erasure: the participant asks for their face data to be erased; resolves to the receipt. */
export const askErasure = async (token: string) => (await http.post<ErasureReceipt>(`gallery/${encodeURIComponent(token)}/erasure`)).data;
