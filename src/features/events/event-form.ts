import '../../lib/messages/organiser.ts';
import type { FieldChecks } from '../../components/form-errors.ts';
import { dateSelected, required } from '../../lib/validators.ts';
import type { NewEvent } from './api.ts';
import { t } from '../../lib/i18n.ts';
import { LOCALES, type Locale } from '../../common/i18n/locales.ts';

// The Add/Edit Event form's state and rules, apart from its modal (add-event-modal.tsx), which the
// events list and the event's Details tab load only when the form first opens.

/** The Add Event form (organiser-console §2): single day on by default. */
export interface EventForm {
  title: string;
  description: string;
  logo: string;
  logoName: string;
  singleDay: boolean;
  date: string;
  start: string;
  end: string;
  /** The participants' default language: a shipped locale, or '' (not chosen: English). */
  language: Locale | '';
}
/** A fresh Add Event form: single day, nothing filled. */
export const EMPTY_EVENT: EventForm = { title: '', description: '', logo: '', logoName: '', singleDay: true, date: '', start: '', end: '', language: '' };

/**
 * organiser-console §5: name not empty; the date(s) valid; when not single-day, end not before
 * start. Keys are the API's fields (the one date is sent as start_date) so server messages land too.
 */
export const eventChecks = (f: EventForm): FieldChecks => ({
  title: required(f.title, t('organiser.events.name')),
  ...(f.singleDay
    ? { start_date: dateSelected(f.date, t('organiser.addEvent.eventDateField')) }
    : {
        start_date: dateSelected(f.start, t('organiser.addEvent.startDateField')),
        end_date: dateSelected(f.end, t('organiser.addEvent.endDateField')) ?? (f.end < f.start ? t('organiser.addEvent.endBeforeStart') : null),
      }),
});

/** The POST event payload: in single-day mode the one date is both start and end. */
/** A stored event as the Add/Edit Event form (single day when it starts and ends the same day; the logo is kept unless a new one is picked). */
export const eventToForm = (e: { title: string; description: string; start_date: string; end_date: string; language: string }): EventForm => ({
  title: e.title,
  description: e.description,
  logo: '',
  logoName: '',
  singleDay: e.start_date === e.end_date,
  date: e.start_date,
  start: e.start_date,
  end: e.end_date,
  language: (LOCALES as readonly string[]).includes(e.language) ? (e.language as Locale) : '',
});

export const toNewEvent = (f: EventForm, organiserId: string): NewEvent => ({
  title: f.title.trim(),
  description: f.description,
  organizer_id: organiserId,
  event_logo: f.logo,
  start_date: f.singleDay ? f.date : f.start,
  end_date: f.singleDay ? f.date : f.end,
  language: f.language,
});
