import '../../lib/messages/reports.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { useAction } from '../../components/use-action.ts';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { currentLocale, t } from '../../lib/i18n.ts';
import { localTimeZone, timeZoneChoices, timeZoneProblem } from '../../common/time-zone.ts';
import { REPORT_FREQUENCIES, REPORT_NAME_MAX, REPORT_RECIPIENTS_MAX, type ReportFrequency, type ReportKind } from '../../common/report-schedule.ts';
import type { ReportSchedule } from '../../common/contract/reports.ts';
import * as api from './api.ts';

/** The weekday `n` (1 Monday … 7 Sunday) in the reader's language. 2024-01-01 was a Monday. */
export const weekdayName = (n: number) => new Intl.DateTimeFormat(currentLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)));

const zones = (saved: string): readonly string[] => {
  const all = timeZoneChoices();
  return saved && !all.includes(saved) ? [saved, ...all] : all;
};

interface FormState {
  name: string;
  kind: ReportKind;
  event_id: string;
  frequency: ReportFrequency;
  time: string;
  time_zone: string;
  weekday: string;
  month_day: string;
  recipients: number[];
}

const stateOf = (s: ReportSchedule | null, platform: boolean): FormState =>
  s
    ? {
        name: s.name,
        kind: s.kind,
        event_id: s.event_id === null ? '' : String(s.event_id),
        frequency: s.frequency,
        time: s.time,
        time_zone: s.time_zone,
        weekday: String(s.weekday ?? 1),
        month_day: String(s.month_day ?? 1),
        recipients: s.recipients.map((r) => r.id),
      }
    : {
        name: '',
        kind: platform ? 'platform' : 'event',
        event_id: '',
        frequency: 'weekly',
        time: '08:00',
        time_zone: localTimeZone() || 'UTC',
        weekday: '1',
        month_day: '1',
        recipients: [],
      };

/** The add and edit dialog of report schedules (reports-panel.tsx): what the report holds, when it goes, to whom. */
export function ScheduleForm({
  schedule,
  platform,
  events,
  recipients,
  onClose,
  onSaved,
}: {
  schedule: ReportSchedule | null;
  platform: boolean;
  events: { id: number; title: string }[];
  recipients: { id: number; name: string; email: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => stateOf(schedule, platform));
  const [dirty, setDirty] = useState(false);
  const set = (patch: Partial<FormState>) => {
    setDirty(true);
    setForm((f) => ({ ...f, ...patch }));
  };
  const fe = useFormErrors();
  const saving = useAction();
  const submit = () => {
    if (
      fe.check({
        name: form.name.trim() ? null : t('reports.nameRequired'),
        event_id: form.kind === 'event' && !form.event_id ? t('reports.chooseEvent') : null,
        time: /^([01]\d|2[0-3]):[0-5]\d$/.test(form.time) ? null : t('reports.timeInvalid'),
        time_zone: timeZoneProblem(form.time_zone) ? t('reports.timeZoneInvalid') : null,
        recipients: form.recipients.length ? null : t('reports.chooseRecipients'),
      })
    )
      return;
    const input = {
      name: form.name.trim(),
      kind: form.kind,
      ...(form.kind === 'event' ? { event_id: form.event_id } : {}),
      frequency: form.frequency,
      time: form.time,
      time_zone: form.time_zone,
      ...(form.frequency === 'weekly' ? { weekday: form.weekday } : {}),
      ...(form.frequency === 'monthly' ? { month_day: form.month_day } : {}),
      recipients: form.recipients.join(','),
    };
    void saving.run(() => (schedule ? api.updateSchedule(schedule.id, input) : api.createSchedule(input)), {
      success: t('reports.saved'),
      onSuccess: () => onSaved(),
      onError: (err) => fe.fromServer(err),
    });
  };
  const recipientsError = fe.field('recipients');
  return (
    <Modal
      title={schedule ? t('reports.editTitle', { name: schedule.name }) : t('reports.add')}
      onClose={onClose}
      onSubmit={submit}
      dirty={dirty}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button type="submit" busy={saving.busy}>
            {t('reports.save')}
          </Button>
        </>
      }
    >
      <div className="reports-form">
        <FormField bind={fe.field('name')} label={t('reports.name')} required>
          <input name="name" value={form.name} maxLength={REPORT_NAME_MAX} onChange={(e) => set({ name: e.target.value })} />
        </FormField>
        {!platform && (
          <FormField bind={fe.field('kind')} label={t('reports.kind')} required>
            <select name="kind" value={form.kind} onChange={(e) => set({ kind: e.target.value as ReportKind })}>
              <option value="event">{t('reports.kind.event')}</option>
              <option value="sales">{t('reports.kind.sales')}</option>
            </select>
          </FormField>
        )}
        {form.kind === 'event' && (
          <FormField bind={fe.field('event_id')} label={t('reports.event')} required>
            <select name="event_id" value={form.event_id} onChange={(e) => set({ event_id: e.target.value })}>
              <option value="">{events.length ? t('reports.chooseEventOption') : t('reports.noEvents')}</option>
              {events.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.title}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField bind={fe.field('frequency')} label={t('reports.frequency')} required>
          <select name="frequency" value={form.frequency} onChange={(e) => set({ frequency: e.target.value as ReportFrequency })}>
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`reports.frequency.${f}`)}
              </option>
            ))}
          </select>
        </FormField>
        {form.frequency === 'weekly' && (
          <FormField bind={fe.field('weekday')} label={t('reports.weekday')} required>
            <select name="weekday" value={form.weekday} onChange={(e) => set({ weekday: e.target.value })}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <option key={d} value={d}>
                  {weekdayName(d)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {form.frequency === 'monthly' && (
          <FormField bind={fe.field('month_day')} label={t('reports.monthDay')} required>
            <select name="month_day" value={form.month_day} onChange={(e) => set({ month_day: e.target.value })}>
              {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField bind={fe.field('time')} label={t('reports.time')} required>
          <input name="time" type="time" value={form.time} onChange={(e) => set({ time: e.target.value })} />
        </FormField>
        <FormField bind={fe.field('time_zone')} label={t('reports.timeZone')} required>
          <select name="time_zone" value={form.time_zone} onChange={(e) => set({ time_zone: e.target.value })}>
            {zones(form.time_zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="reports-recipient-choices" aria-describedby={recipientsError.error ? recipientsError.errorId : undefined}>
          <legend>{t('reports.recipientsUpTo', { count: REPORT_RECIPIENTS_MAX })}</legend>
          {recipients.map((r) => (
            <label key={r.id} className="checkbox">
              <input
                type="checkbox"
                name="recipients"
                value={r.id}
                id={r === recipients[0] ? recipientsError.id : undefined}
                checked={form.recipients.includes(r.id)}
                onChange={(e) => {
                  recipientsError.onEdit();
                  set({ recipients: e.target.checked ? [...form.recipients, r.id] : form.recipients.filter((x) => x !== r.id) });
                }}
              />{' '}
              {r.name} <span className="muted">{r.email}</span>
            </label>
          ))}
          {recipientsError.error && (
            <small id={recipientsError.errorId} className="field-error">
              {recipientsError.error}
            </small>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
