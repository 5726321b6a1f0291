import { http } from '../../lib/http.ts';
import { listEndpoints } from '../../components/list-endpoints.ts';

/** An event photo (organiser-console §3), declared in the wire contract; price_type 1 Free, 2 Flat. */
export type { EventPhoto } from '../../common/contract/organiser.ts';
import type { BodyOf, EventPhoto } from '../../common/contract/organiser.ts';

/** Event photos are 10 a page (organiser-console §9). */
export const PHOTO_PAGE_SIZE = 10;

/** GET getPhotosByEventId (search bid number, filter orientation), bulk-delete, export (list wire contract, organiser-console §7). */
export const photos = (eventId: number) => listEndpoints<EventPhoto>('getPhotosByEventId', 'photos', { pageCount: PHOTO_PAGE_SIZE, event_id: eventId });
/** Sortable columns and the filter the photos list may put in the address. */
export const PHOTO_LIST = { sortable: ['id', 'bid_number', 'orientation'], filters: ['orientation'] } as const;
/** What to do with sheet rows whose bid_number is already on the event; none = ask (409 with data.duplicates). */
export type Duplicates = 'replace' | 'add';
/**
 * POST uploadExcel (multipart): event_id, excel, photo_price_type_id, photo_price, and
 * `duplicates` once the user chose; `progress` gets 0..1 of the bytes sent. A sheet repeating
 * bid numbers without `duplicates` is refused with 409 conflict, data { duplicates: N }, and
 * nothing is written. A clean sheet answers `{ job_id }`; the rows are then written by a job.
 */
export const uploadPhotos = (eventId: number, excel: File, priceType: 1 | 2, price: string, progress: (f: number) => void, duplicates?: Duplicates) =>
  http.post<{ job_id: number }>(
    'uploadExcel',
    {
      event_id: eventId,
      excel,
      photo_price_type_id: priceType,
      photo_price: priceType === 2 ? price : '0',
      duplicates,
    } satisfies BodyOf<'POST /api/uploadExcel'>,
    { onUploadProgress: progress },
  );
/** POST deleteEventPhotos (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const clearPhotos = (eventId: number) => http.post('deleteEventPhotos', { event_id: eventId } satisfies BodyOf<'POST /api/deleteEventPhotos'>);
/** Personal storage key (lib/storage.ts) of the running photo upload's job id for one event. */
export const photoJobKey = (eventId: number) => `import-job:photos:${eventId}`;
