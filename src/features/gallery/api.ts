import { http } from '../../lib/http.ts';
import type {
  ConsentWithdrawal,
  ErasureReceipt,
  Gallery,
  GalleryDownload,
  GalleryDownloadInput,
  GalleryDownloads,
  GalleryFaceSearch,
} from '../../common/contract/participants.ts';

/**
 * The public gallery's calls (docs/participants.md "The gallery"): no session. They go through the
 * console's wrapper like every call; its "signed out" path is only for a GET answered `error`
 * (401), which these public routes never answer, so a wrong link says "Gallery not found." here.
 */

/** GET gallery/{token}: the participant's gallery; rejects with HttpError (404 "Gallery not found.", 429). */
export const getGallery = async (token: string, signal?: AbortSignal): Promise<Gallery> =>
  (await http.get<Gallery>(`gallery/${encodeURIComponent(token)}`, { signal })).data;

/** POST gallery/{token}/download: a free event's photo; resolves to its full-resolution link and marks the participant bought. */
export const downloadPhoto = async (token: string, photoId: number) =>
  (await http.post<GalleryDownload>(`gallery/${encodeURIComponent(token)}/download`, { photo_id: photoId } satisfies GalleryDownloadInput)).data;

/** POST gallery/{token}/consent: "I agree" to face search; resolves to the gallery's face-search part. */
export const agreeToFaceSearch = async (token: string) => (await http.post<GalleryFaceSearch>(`gallery/${encodeURIComponent(token)}/consent`)).data;

/** GET gallery/{token}/face-search: the photos found; 403 without consent, 409 once closed. */
export const searchByFace = async (token: string) => (await http.get<{ photos: Gallery['photos'] }>(`gallery/${encodeURIComponent(token)}/face-search`)).data;

/** POST gallery/{token}/erasure: the participant asks for their face data to be erased; resolves to the receipt. */
export const askErasure = async (token: string) => (await http.post<ErasureReceipt>(`gallery/${encodeURIComponent(token)}/erasure`)).data;

/** POST gallery/{token}/downloads ("Download all", a free event): every photo's full-resolution link; marks the participant bought. */
export const downloadAll = async (token: string) => (await http.post<GalleryDownloads>(`gallery/${encodeURIComponent(token)}/downloads`)).data;

/** POST gallery/{token}/withdrawal: "Withdraw consent"; resolves to the receipt's code and the face-search part after it (409 when none is in force). */
export const withdrawConsent = async (token: string) => (await http.post<ConsentWithdrawal>(`gallery/${encodeURIComponent(token)}/withdrawal`)).data;
