import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useState } from 'react';
import { LoadFailed } from '../../components/list-states.tsx';
import { useParams } from 'wouter';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';
import { ClosedDates } from './closed-dates.tsx';
import { DAYS, NO_WORKING_DAY, asksBeforeSaving, toggleDay } from './working-day-rules.ts';
import { t } from '../../lib/i18n.ts';

/**
 * Working Days (organiser-console §2): seven checkboxes loaded from the server and edited
 * locally, then Save Changes. The spec leaves error handling open: a failed load says so and
 * keeps Save disabled (saving would wipe unseen days); a failed save keeps the ticks. Saving
 * with no day ticked asks first (nothing would be bookable). Below, the closed dates
 * (closed-dates.tsx, an extension: docs/extensions.md).
 */
export default function WorkingDaysScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const { data: days, error, retry, setData: setDays } = useLoad(() => api.getWorkingDays(companyId), [companyId]);
  const loadFailed = error !== null;
  const { busy, run } = useAction();
  const [asking, setAsking] = useState(false);

  function save(confirmed = false) {
    if (!days) return;
    if (!confirmed && asksBeforeSaving(days)) {
      setAsking(true);
      return;
    }
    void run(() => api.saveWorkingDays(companyId, days), { onSuccess: () => setAsking(false) });
  }

  return (
    <>
      <PageHeader
        title={t('organiser.workingDays.title')}
        crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('organiser.workingDays.title') }]}
      />
      <form
        className="card org-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <fieldset className="working-days" disabled={!days} aria-busy={!days && !loadFailed}>
          <legend>{t('organiser.workingDays.legend')}</legend>
          {DAYS.map((d) => (
            <label key={d.id} className="check">
              <input type="checkbox" name="days" value={d.id} checked={days?.includes(d.id) ?? false} onChange={() => days && setDays(toggleDay(days, d.id))} />
              {t(d.key)}
            </label>
          ))}
        </fieldset>
        {loadFailed && <LoadFailed what={t('load.workingDays')} failure={error} onRetry={retry} />}
        <Button type="submit" busy={busy} disabled={!days}>
          {t('organiser.workingDays.save')}
        </Button>
      </form>
      <ClosedDates companyId={companyId} />
      {asking && (
        <ConfirmModal
          title={t(NO_WORKING_DAY.title)}
          text={t(NO_WORKING_DAY.text)}
          confirmLabel={t(NO_WORKING_DAY.confirm)}
          danger={false}
          busy={busy}
          onConfirm={() => save(true)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
