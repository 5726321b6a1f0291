import '../../lib/messages/organiser.ts';
import '../../lib/messages/shell.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/list-states.tsx';
import { useAction } from '../../components/use-action.ts';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useLoad } from '../../components/use-load.ts';
import { dateSelected } from '../../lib/validators.ts';
import { CLOSURE_NOTE_MAX } from '../../common/contract/rules.ts';
import { closedDateLabel } from './working-day-rules.ts';
import * as api from './api.ts';
import { currentLocale, t } from '../../lib/i18n.ts';

/**
 * Closed dates, the extension of Working Days (docs/extensions.md): the organiser's dates
 * with no bookings (a booking on one cannot be accepted), each with an optional note; "Mark as
 * closed" closes one more, "Open again" removes one. Its own form, apart from Save Changes.
 */
export function ClosedDates({ companyId }: { companyId: string }) {
  const { data: closures, error, retry } = useLoad(() => api.getClosures(companyId), [companyId]);
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const fe = useFormErrors();
  const adding = useAction();
  const removing = useAction();

  function add() {
    if (fe.check({ date: dateSelected(date, t('organiser.closedDates.date')) })) return;
    void adding.run(() => api.addClosure(companyId, date, note.trim()), {
      onSuccess: () => {
        setDate('');
        setNote('');
        fe.reset();
        retry();
      },
      onError: (err) => {
        fe.fromServer(err);
      },
    });
  }

  return (
    <section className="card org-form closed-dates" aria-labelledby="closed-dates-title">
      <h2 id="closed-dates-title">{t('organiser.closedDates.title')}</h2>
      <p className="closed-dates-hint">{t('organiser.closedDates.hint')}</p>
      {error !== null && <LoadFailed what={t('load.closedDates')} failure={error} onRetry={retry} />}
      {closures && closures.length === 0 && <p className="closed-dates-empty">{t('organiser.closedDates.empty')}</p>}
      {closures && closures.length > 0 && (
        <ul className="closed-dates-list">
          {closures.map((c) => (
            <li key={c.id}>
              <span className="closed-date">
                <time dateTime={c.date}>{closedDateLabel(c.date, currentLocale())}</time>
                {c.note && <span className="closed-note"> — {c.note}</span>}
              </span>
              <Button
                variant="secondary"
                busy={removing.busy}
                aria-label={t('organiser.closedDates.openAgainLabel', { date: closedDateLabel(c.date, currentLocale()) })}
                onClick={() => void removing.run(() => api.removeClosure(c.id), { onSuccess: () => retry() })}
              >
                {t('organiser.closedDates.openAgain')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="closed-dates-add"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <FormField bind={fe.field('date')} label={t('organiser.closedDates.date')} required>
          <input type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField bind={fe.field('note')} label={t('organiser.closedDates.note')}>
          <input name="note" value={note} maxLength={CLOSURE_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <Button type="submit" busy={adding.busy}>
          {t('organiser.closedDates.mark')}
        </Button>
      </form>
    </section>
  );
}
