import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { useEditLease } from '../../components/use-edit-lease.ts';
import { eventChecks, eventToForm, toNewEvent, type EventForm } from './event-form.ts';
import { lazyPart } from '../../components/lazy-part.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { staleRecord, type StaleRecord } from '../../lib/http.ts';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';
import { isLocale, LANGUAGE_NAMES } from '../../common/i18n/locales.ts';

/** The Add/Edit Event modal: a chunk of its own, fetched when the form first opens. */
const AddEventModal = lazyPart(() => import('./add-event-modal.tsx').then((m) => m.AddEventModal));

const toForm = eventToForm;

/**
 * The Details tab (organiser-console §2): description, start date and end date, the participants'
 * language; Edit changes title, description, dates, logo and language (PUT event/{id}, §7) in the
 * Add Event form's fields, holding the event's edit lease while open (useEditLease: who else is
 * editing it, Take over). Edit reads the event again first, so the form holds the version its save
 * sends as If-Match; a save over someone else's newer change (412) keeps the form as typed and
 * shows their event beside it (EditConflict, docs/live.md).
 */
export function EventDetailsTab({ event, onSaved }: { event: api.Event | null; onSaved: (e: api.Event) => void }) {
  const [form, setForm] = useState<EventForm | null>(null);
  const fields = useFormErrors();
  const { busy, run } = useAction();
  const { failed } = useFeedback();
  const [conflict, setConflict] = useState<StaleRecord | null>(null);
  const [opening, setOpening] = useState(false);
  // While the Edit Event form is open it holds the event's lease (docs/live.md "Who is editing").
  const lease = useEditLease(form ? 'events' : undefined, event?.id ?? null);
  if (!event) return <p className="muted">{t('app.loading')}</p>;

  function save() {
    if (!form || busy || fields.check(eventChecks(form))) return;
    const { organizer_id: _, ...change } = toNewEvent(form, '');
    void run(() => api.updateEvent(event!.id, change), {
      onSuccess: (res) => {
        onSaved(res.data);
        setConflict(null);
        setForm(null);
      },
      onError: (err) => {
        fields.fromServer(err);
        const stale = staleRecord(err);
        setConflict(stale);
        // The conflict above the fields says it (role=alert): no toast as well.
        return stale !== null;
      },
    });
  }

  return (
    <div className="card">
      <dl className="details-list">
        <dt>{t('organiser.eventDetails.description')}</dt>
        <dd className="pre-line">{event.description || <span className="muted">{t('organiser.eventDetails.noDescription')}</span>}</dd>
        <dt>{t('organiser.events.startDate')}</dt>
        <dd>{event.start_date}</dd>
        <dt>{t('organiser.events.endDate')}</dt>
        <dd>{event.end_date}</dd>
        <dt>{t('organiser.addEvent.language')}</dt>
        <dd>{LANGUAGE_NAMES[isLocale(event.language) ? event.language : 'en']}</dd>
        {event.logo.trim() && (
          <>
            <dt>{t('organiser.eventDetails.logo')}</dt>
            <dd>
              <img className="logo-preview" src={event.logo} alt={t('organiser.eventDetails.logoOf', { title: event.title })} />
            </dd>
          </>
        )}
      </dl>
      <Button
        variant="secondary"
        busy={opening}
        onClick={async () => {
          fields.reset();
          setConflict(null);
          setOpening(true);
          try {
            // The event as stored now (and its version, kept for the save's If-Match).
            const fresh = await api.getEvent(event.id);
            onSaved(fresh);
            setForm(toForm(fresh));
          } catch (err) {
            failed(err);
          } finally {
            setOpening(false);
          }
        }}
      >
        {t('action.edit')}
      </Button>
      {form && (
        <AddEventModal
          title={t('organiser.events.edit')}
          form={form}
          fields={fields}
          busy={busy}
          set={(p) => setForm({ ...form, ...p })}
          onSave={save}
          onClose={() => {
            setConflict(null);
            setForm(null);
          }}
          dirty={JSON.stringify(form) !== JSON.stringify(toForm(event))}
          currentLogo={event.logo}
          lease={lease}
          conflict={conflict}
        />
      )}
    </div>
  );
}
