import { callUrl } from '../../lib/call-basics.ts';
import { HttpError, http, type Envelope } from '../../lib/http.ts';
import type { Gallery, GalleryDownload, GalleryDownloadInput } from '../../common/contract/participants.ts';

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
