import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** An event photo (organiser-console §3); price_type 1 Free, 2 Flat. */
export interface EventPhoto { id: number; bid_number: string; low_res_image: string; high_res_image: string; price: string; price_type: number; orientation: string }

/** Event photos are 10 a page (organiser-console §9). */
export const PHOTO_PAGE_SIZE = 10;

export const listPhotos = async (eventId: number, page: number) =>
  (await http.get<Paginator<EventPhoto>>(`getPhotosByEventId${qs({ page, pageCount: PHOTO_PAGE_SIZE, event_id: eventId })}`)).data;
/**
 * POST uploadExcel (multipart): event_id, excel, photo_price_type_id, photo_price; `progress` gets
 * 0..1 of the bytes sent. A clean sheet answers `{ job_id }`; the rows are then written by a job.
 */
export const uploadPhotos = (eventId: number, excel: File, priceType: 1 | 2, price: string, progress: (f: number) => void) =>
  http.post<{ job_id: number }>('uploadExcel', { event_id: eventId, excel, photo_price_type_id: priceType, photo_price: priceType === 2 ? price : '0' }, { onUploadProgress: progress });
export const clearPhotos = (eventId: number) => http.post('deleteEventPhotos', { event_id: eventId });
/** localStorage key of the running photo upload's job id for one event. */
export const photoJobKey = (eventId: number) => `import-job:photos:${eventId}`;
