import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAction } from '../../components/use-action.ts';
import { required } from '../../lib/validators.ts';
import * as api from './api.ts';

/**
 * The Details tab (organiser-console §2): description, start date and end date; Edit changes
 * title and description (PUT event/{id}, §7).
 */
export function EventDetailsTab({ event, onSaved }: { event: api.Event | null; onSaved: (e: api.Event) => void }) {
  const [form, setForm] = useState<{ title: string; description: string } | null>(null);
  const { invalid } = useFeedback();
  const { busy, run } = useAction();
  if (!event) return <p className="muted">Loading…</p>;

  function save() {
    if (!form || busy || invalid(required(form.title, 'Name'))) return;
    void run(() => api.updateEvent(event!.id, form.title.trim(), form.description), { onSuccess: (res) => { onSaved(res.data); setForm(null); } });
  }

  return (
    <div className="card">
      <dl className="details-list">
        <dt>Description</dt><dd className="pre-line">{event.description || <span className="muted">No description.</span>}</dd>
        <dt>Start Date</dt><dd>{event.start_date}</dd>
        <dt>End Date</dt><dd>{event.end_date}</dd>
      </dl>
      <Button variant="secondary" onClick={() => setForm({ title: event.title, description: event.description })}>Edit</Button>
      {form && (
        <Modal title="Edit Event" onClose={() => setForm(null)} onSubmit={save}
          footer={<><Button variant="secondary" onClick={() => setForm(null)}>Close</Button><Button type="submit" busy={busy}>Save changes</Button></>}>
          <label className="field"><span>Name</span>
            <input name="title" value={form.title} maxLength={255} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </label>
          <label className="field"><span>Description</span>
            <textarea name="description" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </label>
        </Modal>
      )}
    </div>
  );
}
