import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
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
  const { data: days, error, setData: setDays } = useLoad(() => api.getWorkingDays(companyId), [companyId]);
  const loadFailed = error !== null;
  const { busy, run } = useAction();

  function save() {
    if (days) void run(() => api.saveWorkingDays(companyId, days));
  }

  return (
    <>
      <PageHeader title="Working Days" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Working Days' }]} />
      <form className="card org-form" noValidate onSubmit={(e) => { e.preventDefault(); save(); }}>
        <fieldset className="working-days" disabled={!days} aria-busy={!days && !loadFailed}>
          <legend>Days the organiser works</legend>
          {DAYS.map((d) => (
            <label key={d.id} className="check">
              <input type="checkbox" name="days" value={d.id} checked={days?.includes(d.id) ?? false}
                onChange={() => days && setDays(toggleDay(days, d.id))} />
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
