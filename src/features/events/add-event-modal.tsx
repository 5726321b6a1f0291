import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useId } from 'react';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { FormField } from '../../components/form-field.tsx';
import { LeaseBanner, LeaseFields } from '../../components/lease-banner.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import type { StaleRecord } from '../../lib/http.ts';
import { eventAsRecord, eventConflictFields, eventPatch, storedEvent } from './event-conflict.ts';
import type { EditLease } from '../../components/use-edit-lease.ts';
import type { FormErrors } from '../../components/use-form-errors.ts';
import type { EventForm } from './event-form.ts';
import { readDataUrl } from '../../lib/read-file.ts';
import { t } from '../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';

/** Shown only after a save met someone else's change (412): its own chunk, fetched then. */
const EditConflict = lazyPart(() => import('../../components/edit-conflict.tsx').then((m) => m.EditConflict));

/** Images the API accepts as a logo (DESIGN.md §4). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX = 2 * 1024 * 1024;

/**
 * The Add Event modal: name, description, optional logo (read as a data URL), single-day toggle
 * and dates, the participants' default language (their gallery e-mails and pages; English until
 * chosen), each error under its field (`fields`, useFormErrors). Also the Edit Event modal
 * (`title`, `currentLogo` shown until a new one is picked; `lease`: its edit lease, LeaseBanner; `conflict`: the
 * 412 of a save that met someone else's newer event, shown above the fields field by field with
 * Keep mine / Take theirs, what was typed kept: EditConflict). `dirty`: closing asks first.
 */
export function AddEventModal({
  form,
  fields,
  busy,
  set,
  onSave,
  onClose,
  title = t('organiser.events.add'),
  dirty,
  currentLogo,
  lease,
  conflict,
}: {
  form: EventForm;
  fields: FormErrors;
  busy: boolean;
  set: (p: Partial<EventForm>) => void;
  onSave: () => void;
  onClose: () => void;
  title?: string;
  dirty?: boolean;
  currentLogo?: string;
  /** The edited event's lease (useEditLease): who else edits it, and read-only fields without it. */
  lease?: EditLease;
  /** The 412 of the last save (someone else's newer event), or null. */
  conflict?: StaleRecord | null;
}) {
  const { invalid } = useFeedback();
  const hint = useId();
  const languageHint = useId();

  async function pickLogo(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) {
      set({ logo: '', logoName: '' });
      return;
    }
    if (invalid(!LOGO_TYPES.includes(file.type) ? t('organiser.addEvent.logoType') : file.size > LOGO_MAX ? t('organiser.addEvent.logoSize') : null)) {
      input.value = '';
      return;
    }
    set({ logo: await readDataUrl(file), logoName: file.name });
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      onSubmit={() => {
        if (!lease?.readOnly) onSave();
      }}
      dirty={dirty}
      footer={
        <>
          <ModalCloseButton />
          <Button type="submit" busy={busy} disabled={lease?.readOnly}>
            {t('action.save')}
          </Button>
        </>
      }
    >
      {lease && <LeaseBanner lease={lease} />}
      {conflict && (
        <EditConflict
          key={conflict.version}
          conflict={storedEvent(conflict)}
          fields={eventConflictFields()}
          form={eventAsRecord(form)}
          set={(patch) => set(eventPatch(form, patch))}
        />
      )}
      <LeaseFields readOnly={!!lease?.readOnly}>
        <FormField bind={fields.field('title')} label={t('organiser.events.name')} required>
          <input name="title" value={form.title} onChange={(e) => set({ title: e.target.value })} maxLength={255} />
        </FormField>
        <label className="field">
          <span>{t('organiser.eventDetails.description')}</span>
          <textarea name="description" value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <label className="field">
          <span>{t('organiser.addEvent.logo')}</span>
          <input name="logo" type="file" accept={LOGO_TYPES.join(',')} aria-describedby={hint} onChange={(e) => void pickLogo(e.target)} />
          <small id={hint} className="muted">
            {t('organiser.addEvent.logoHint')}
          </small>
        </label>
        {form.logo ? (
          <img className="logo-preview" src={form.logo} alt={t('organiser.addEvent.logoPreview', { name: form.logoName })} />
        ) : (
          currentLogo && currentLogo.trim() && <img className="logo-preview" src={currentLogo} alt={t('organiser.addEvent.currentLogo')} />
        )}
        <label className="switch">
          <input type="checkbox" role="switch" name="single_day" checked={form.singleDay} onChange={(e) => set({ singleDay: e.target.checked })} />
          <span>{t('organiser.addEvent.singleDay')}</span>
        </label>
        {form.singleDay ? (
          <FormField bind={fields.field('start_date')} label={t('organiser.addEvent.date')} required>
            <input name="date" type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} />
          </FormField>
        ) : (
          <div className="form-row">
            <FormField bind={fields.field('start_date')} label={t('organiser.events.startDate')} required>
              <input name="start_date" type="date" value={form.start} onChange={(e) => set({ start: e.target.value })} />
            </FormField>
            <FormField bind={fields.field('end_date')} label={t('organiser.events.endDate')} required>
              <input name="end_date" type="date" value={form.end} min={form.start || undefined} onChange={(e) => set({ end: e.target.value })} />
            </FormField>
          </div>
        )}
        <FormField
          bind={fields.field('language')}
          label={t('organiser.addEvent.language')}
          hintId={languageHint}
          hint={
            <small id={languageHint} className="field-hint">
              {t('organiser.addEvent.languageHint')}
            </small>
          }
        >
          <select name="language" value={form.language || 'en'} onChange={(e) => set({ language: e.target.value as Locale })}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </FormField>
      </LeaseFields>
    </Modal>
  );
}
