import '../../lib/messages/campaigns.ts';
import { useEffect, useState } from 'react';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useAction } from '../../components/use-action.ts';
import { serverErrors } from '../../components/form-errors.ts';
import { participantPaymentProblems, type ParticipantPayment } from '../../common/participant-payment.ts';
import { FormField, errorProps } from './form-fields.tsx';
import { t } from '../../lib/i18n.ts';
import * as api from './api.ts';

/**
 * "Record participant payment" of a sales campaign's detail (docs/campaigns.md
 * "Participant payments"): the participant's BIB number, e-mail (optional) and payment slab (the
 * recognition service's slabs, the campaign's own chosen first), checked by the shared rule
 * (src/common/participant-payment.ts) before POST events/payment/participant is sent for the
 * campaign's recognition event `eventId`. A 422 lands under its fields; success toasts the
 * server's message and closes.
 */
export function ParticipantPaymentModal({ eventId, slab, onClose }: { eventId: number; slab: string; onClose: () => void }) {
  const [form, setForm] = useState<ParticipantPayment>({ bib_number: '', email: '', payment_slab: slab && slab !== '0' ? slab : '' });
  const [touched, setTouched] = useState<Partial<Record<keyof ParticipantPayment, true>>>({});
  const [fromServer, setFromServer] = useState<Partial<Record<keyof ParticipantPayment, string>>>({});
  const [slabs, setSlabs] = useState<api.PaymentSlabs | null | 'error'>(null);
  const { busy, run } = useAction();
  useEffect(() => {
    api.getPaymentSlabs().then(setSlabs, (err) => {
      console.error(err);
      setSlabs('error');
    });
  }, []);
  const offered = slabs && slabs !== 'error' ? Object.keys(slabs) : undefined;
  const errors = { ...fromServer, ...participantPaymentProblems(form, offered) };
  const valid = Object.keys(errors).length === 0;
  const dirty = form.bib_number !== '' || form.email !== '';
  const set = (k: keyof ParticipantPayment, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setTouched((t) => ({ ...t, [k]: true }));
    setFromServer((e) => {
      const { [k]: _, ...rest } = e;
      return rest;
    });
  };
  const shown = (k: keyof ParticipantPayment) => (touched[k] ? errors[k] : undefined);

  const submit = () => {
    if (!valid) {
      setTouched({ bib_number: true, email: true, payment_slab: true });
      return;
    }
    void run(() => api.recordParticipantPayment(eventId, { bib_number: form.bib_number.trim(), email: form.email.trim(), payment_slab: form.payment_slab }), {
      onSuccess: onClose,
      onError: (err) => {
        const found = serverErrors(err) as Partial<Record<keyof ParticipantPayment, string>>;
        setFromServer(found);
        setTouched({ bib_number: true, email: true, payment_slab: true });
      },
    });
  };

  return (
    <Modal
      title={t('campaigns.payment.title')}
      onClose={onClose}
      onSubmit={submit}
      dirty={dirty}
      footer={
        <>
          <ModalCloseButton />
          <Button type="submit" busy={busy} disabled={!valid}>
            {t('campaigns.payment.save')}
          </Button>
        </>
      }
    >
      <p className="muted small">{t('campaigns.payment.intro')}</p>
      <FormField id="payment-bib" label={t('campaigns.payment.bib')} error={shown('bib_number')} required>
        <input
          {...errorProps('payment-bib', shown('bib_number'))}
          inputMode="numeric"
          value={form.bib_number}
          onChange={(e) => set('bib_number', e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, bib_number: true }))}
          autoFocus
        />
      </FormField>
      <FormField id="payment-email" label={t('campaigns.payment.email')} error={shown('email')}>
        <input
          {...errorProps('payment-email', shown('email'))}
          type="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        />
      </FormField>
      <FormField
        id="payment-slab"
        label={t('campaigns.payment.slab')}
        error={shown('payment_slab')}
        required
        hint={slabs === 'error' ? <span className="muted small">{t('campaigns.payment.slabsFailed')}</span> : undefined}
      >
        {slabs === 'error' ? (
          <input
            {...errorProps('payment-slab', shown('payment_slab'))}
            inputMode="numeric"
            value={form.payment_slab}
            onChange={(e) => set('payment_slab', e.target.value)}
          />
        ) : (
          <select
            {...errorProps('payment-slab', shown('payment_slab'))}
            value={form.payment_slab}
            onChange={(e) => set('payment_slab', e.target.value)}
            disabled={slabs === null}
          >
            <option value="">{slabs === null ? t('app.loading') : t('campaigns.payment.chooseSlab')}</option>
            {slabs &&
              Object.entries(slabs).map(([id, s]) => (
                <option key={id} value={id}>
                  {s.name}: {s.description}
                </option>
              ))}
          </select>
        )}
      </FormField>
    </Modal>
  );
}
