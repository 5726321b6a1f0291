import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import * as api from './api.ts';

/** Day ids of organiser-console §3: Sunday = 1 .. Saturday = 7. */
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name, i) => ({ id: i + 1, name }));

/** Toggles one day id in a list (pure, for the checkboxes). */
export const toggleDay = (days: number[], id: number) => (days.includes(id) ? days.filter((d) => d !== id) : [...days, id].sort((a, b) => a - b));

/**
 * Working Days (organiser-console §2): seven checkboxes loaded from the server and edited
 * locally, then Save Changes. The spec leaves error handling open: a failed load says so and
 * keeps Save disabled (saving would wipe unseen days); a failed save keeps the ticks.
 */
export default function WorkingDaysScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const [days, setDays] = useState<number[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const { failed, done } = useFeedback();

  useEffect(() => {
    let live = true;
    api.getWorkingDays(companyId).then((d) => live && setDays(d), (err) => { console.error(err); if (live) setLoadFailed(true); });
    return () => { live = false; };
  }, [companyId]);

  async function save() {
    if (!days || busy) return;
    setBusy(true);
    try {
      done((await api.saveWorkingDays(companyId, days)).message);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Working Days" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Working Days' }]} />
      <form className="card org-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <fieldset className="working-days" disabled={!days} aria-busy={!days && !loadFailed}>
          <legend>Days the organiser works</legend>
          {DAYS.map((d) => (
            <label key={d.id} className="check">
              <input type="checkbox" name="days" value={d.id} checked={days?.includes(d.id) ?? false}
                onChange={() => setDays((cur) => (cur ? toggleDay(cur, d.id) : cur))} />
              {d.name}
            </label>
          ))}
        </fieldset>
        {loadFailed && <p className="form-note">The working days could not be loaded. Reload the page to try again.</p>}
        <Button type="submit" busy={busy} disabled={!days}>Save Changes</Button>
      </form>
    </>
  );
}
