import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { AddEventModal, eventChecks, eventToForm, toNewEvent, type EventForm } from './add-event-modal.tsx';
import * as api from './api.ts';

const toForm = eventToForm;

/**
 * The Details tab (organiser-console §2): description, start date and end date; Edit changes
 * title, description, dates and logo (PUT event/{id}, §7) in the Add Event form's fields.
 */
export function EventDetailsTab({ event, onSaved }: { event: api.Event | null; onSaved: (e: api.Event) => void }) {
  const [form, setForm] = useState<EventForm | null>(null);
  const fields = useFormErrors();
  const { busy, run } = useAction();
  if (!event) return <p className="muted">Loading…</p>;

  function save() {
    if (!form || busy || fields.check(eventChecks(form))) return;
    const { organizer_id: _, ...change } = toNewEvent(form, '');
    void run(() => api.updateEvent(event!.id, change), {
      onSuccess: (res) => {
        onSaved(res.data);
        setForm(null);
      },
      onError: (err) => {
        fields.fromServer(err);
      },
    });
  }

  return (
    <div className="card">
      <dl className="details-list">
        <dt>Description</dt>
        <dd className="pre-line">{event.description || <span className="muted">No description.</span>}</dd>
        <dt>Start Date</dt>
        <dd>{event.start_date}</dd>
        <dt>End Date</dt>
        <dd>{event.end_date}</dd>
        {event.logo.trim() && (
          <>
            <dt>Logo</dt>
            <dd>
              <img className="logo-preview" src={event.logo} alt={`Logo of ${event.title}`} />
            </dd>
          </>
        )}
      </dl>
      <Button
        variant="secondary"
        onClick={() => {
          fields.reset();
          setForm(toForm(event));
        }}
      >
        Edit
      </Button>
      {form && (
        <AddEventModal
          title="Edit Event"
          form={form}
          fields={fields}
          busy={busy}
          set={(p) => setForm({ ...form, ...p })}
          onSave={save}
          onClose={() => setForm(null)}
          dirty={JSON.stringify(form) !== JSON.stringify(toForm(event))}
          currentLogo={event.logo}
        />
      )}
    </div>
  );
}
