import '../../lib/messages/organiser.ts';
import type { ConflictField } from '../../components/edit-conflict.tsx';
import type { StaleRecord } from '../../lib/http.ts';
import { t } from '../../lib/i18n.ts';
import { isLocale, LANGUAGE_NAMES, type Locale } from '../../common/i18n/locales.ts';
import type { EventForm } from './event-form.ts';

/**
 * The Edit Event form beside someone else's newer event (a save answered 412, docs/live.md
 * "Versions and If-Match"): EditConflict compares the stored event's columns, so the form is read
 * as those columns (eventAsRecord) and a choice is written back into the form's own fields
 * (eventPatch: the dates set the single-day switch, one date when start and end are the same day).
 */

/** The fields compared: name, description, dates (no Combine both) and the participants' language (shown by its name). */
export const eventConflictFields = (): ConflictField[] => [
  { name: 'title', label: t('organiser.events.name') },
  { name: 'description', label: t('organiser.eventDetails.description') },
  { name: 'start_date', label: t('organiser.events.startDate'), combine: false },
  { name: 'end_date', label: t('organiser.events.endDate'), combine: false },
  { name: 'language', label: t('organiser.addEvent.language'), combine: false, show: (v) => LANGUAGE_NAMES[isLocale(v) ? v : 'en'] },
];

/** The form as the stored event's columns (the language '' is English, as the form's select shows it). */
export const eventAsRecord = (f: EventForm): Record<string, string> => ({
  title: f.title,
  description: f.description,
  start_date: f.singleDay ? f.date : f.start,
  end_date: f.singleDay ? f.date : f.end,
  language: f.language || 'en',
});

/** The 412's stored event with its language as the form words it ('' or an unknown one: English). */
export const storedEvent = (c: StaleRecord): StaleRecord => ({
  ...c,
  record: { ...c.record, language: isLocale(c.record.language) ? c.record.language : 'en' },
});

/** The form's change for `patch` (columns -> values, from EditConflict) over form `f`. */
export function eventPatch(f: EventForm, patch: Record<string, string>): Partial<EventForm> {
  const out: Partial<EventForm> = {};
  if ('title' in patch) out.title = patch.title;
  if ('description' in patch) out.description = patch.description;
  if ('language' in patch) out.language = isLocale(patch.language) ? (patch.language as Locale) : '';
  if ('start_date' in patch || 'end_date' in patch) {
    const r = { ...eventAsRecord(f), ...patch };
    Object.assign(out, { singleDay: r.start_date === r.end_date, date: r.start_date, start: r.start_date, end: r.end_date });
  }
  return out;
}
