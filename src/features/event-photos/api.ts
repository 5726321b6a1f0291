import { http, qs } from '../../lib/http.ts';
import type { Paginator } from '../../lib/types.ts';

/** An event photo (organiser-console §3); price_type 1 Free, 2 Flat. */
export interface EventPhoto { id: number; bid_number: string; low_res_image: string; high_res_image: string; price: string; price_type: number; orientation: string }

/** Event photos are 10 a page (organiser-console §9). */
export const PHOTO_PAGE_SIZE = 10;

/** GET getPhotosByEventId?page=&pageCount=&event_id= (organiser-console §7): resolves to the envelope's data (Paginator<EventPhoto>); rejects with HttpError. */
export const listPhotos = async (eventId: number, page: number) =>
  (await http.get<Paginator<EventPhoto>>(`getPhotosByEventId${qs({ page, pageCount: PHOTO_PAGE_SIZE, event_id: eventId })}`)).data;
/** POST uploadExcel (multipart): event_id, excel, photo_price_type_id, photo_price; `progress` gets 0..1. */
export const uploadPhotos = (eventId: number, excel: File, priceType: 1 | 2, price: string, progress: (f: number) => void) =>
  http.post<{ count: number }>('uploadExcel', { event_id: eventId, excel, photo_price_type_id: priceType, photo_price: priceType === 2 ? price : '0' }, { onUploadProgress: progress });
/** POST deleteEventPhotos (organiser-console §7): resolves to the envelope (its message is the success toast); rejects with HttpError. */
export const clearPhotos = (eventId: number) => http.post('deleteEventPhotos', { event_id: eventId });
