import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import { useState } from 'react';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { email, required } from '../../lib/validators.ts';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';

/** The Add participant form: what POST event/{id}/participant reads (contract ParticipantInput). */
interface ParticipantForm {
  bib_number: string;
  name: string;
  email: string;
  face_consent: 'yes' | 'no';
  consent_date: string;
  /** The language of their gallery e-mail and page; '' for the event's default. */
  language: Locale | '';
}
const EMPTY: ParticipantForm = { bib_number: '', name: '', email: '', face_consent: 'no', consent_date: '', language: '' };

/**
 * Adds one participant by hand (docs/participants.md "Participants"): BIB and name required,
 * e-mail optional (checked when given), face-search consent yes/no with its date, the language of
 * their gallery e-mail and page (a shipped one, or the event's default). The checks run
 * before sending; the server's field errors (a BIB already on the event) land under their fields.
 * `onAdded` follows a save (reload the funnel and the list); closing with changes asks first.
 */
export function AddParticipantModal({ eventId, onClose, onAdded }: { eventId: number; onClose: () => void; onAdded: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const fields = useFormErrors();
  const { busy, run } = useAction();
  const set = (patch: Partial<ParticipantForm>) => setForm((f) => ({ ...f, ...patch }));

  function save() {
    if (
      fields.check({
        bib_number: required(form.bib_number, t('organiser.participants.bibNumber')),
        name: required(form.name, t('organiser.participants.colName')),
        email: form.email.trim() ? email(form.email) : null,
      })
    )
      return;
    void run(() => api.addParticipant(eventId, { ...form, bib_number: form.bib_number.trim(), name: form.name.trim(), email: form.email.trim() }), {
      onSuccess: () => {
        onAdded();
        onClose();
      },
      onError: (err) => fields.fromServer(err),
    });
  }

  return (
    <Modal
      title={t('organiser.participants.add')}
      onClose={onClose}
      onSubmit={save}
      dirty={JSON.stringify(form) !== JSON.stringify(EMPTY)}
      footer={
        <>
          <ModalCloseButton />
          <Button type="submit" busy={busy}>
            {t('action.save')}
          </Button>
        </>
      }
    >
      <FormField bind={fields.field('bib_number')} label={t('organiser.participants.bibNumber')} required>
        <input name="bib_number" value={form.bib_number} maxLength={50} onChange={(e) => set({ bib_number: e.target.value })} />
      </FormField>
      <FormField bind={fields.field('name')} label={t('organiser.participants.colName')} required>
        <input name="name" value={form.name} maxLength={255} onChange={(e) => set({ name: e.target.value })} />
      </FormField>
      <FormField bind={fields.field('email')} label={t('organiser.participants.colEmail')}>
        <input name="email" type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} />
      </FormField>
      <FormField bind={fields.field('face_consent')} label={t('organiser.participants.faceConsent')}>
        <select name="face_consent" value={form.face_consent} onChange={(e) => set({ face_consent: e.target.value as 'yes' | 'no' })}>
          <option value="no">{t('organiser.participants.no')}</option>
          <option value="yes">{t('organiser.participants.yes')}</option>
        </select>
      </FormField>
      <FormField bind={fields.field('consent_date')} label={t('organiser.participants.consentDate')}>
        <input name="consent_date" type="date" value={form.consent_date} onChange={(e) => set({ consent_date: e.target.value })} />
      </FormField>
      <FormField bind={fields.field('language')} label={t('organiser.participants.language')}>
        <select name="language" value={form.language} onChange={(e) => set({ language: e.target.value as Locale | '' })}>
          <option value="">{t('organiser.participants.eventLanguage')}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </FormField>
    </Modal>
  );
}
