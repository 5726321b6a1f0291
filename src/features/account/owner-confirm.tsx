import '../../lib/messages/security.ts';
import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { serverErrors } from '../../components/form-errors.ts';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { HttpError } from '../../lib/http.ts';
import type { OwnerProof } from './api.ts';
import { t } from '../../lib/i18n.ts';

/**
 * True when a call sent without the owner's proof was answered "type your password" (422 on
 * current_password): the sign-in is older than 5 minutes (docs/security.md "Confirming it is you").
 */
export const asksOwner = (err: unknown) => err instanceof HttpError && err.status === 422 && !!serverErrors(err).current_password;

/**
 * What the prompt retries: `lead` the server's words ("Type your password to add a passkey."),
 * `withCode` whether a code of the authenticator app is taken instead, `retry` the same call
 * with the proof, `done` what its success does, `elsewhere` what an error of another field
 * does (the card's own form shows it: the prompt closes).
 */
export interface OwnerAsk<T> {
  lead: string;
  withCode: boolean;
  retry: (proof: OwnerProof) => Promise<T>;
  done: (result: T) => void;
  elsewhere: (err: unknown) => void;
}

/** The `ask` of a call answered by asksOwner: its lead taken from the answer. */
export const ownerAsk = <T,>(err: unknown, o: Omit<OwnerAsk<T>, 'lead'>): OwnerAsk<T> => ({
  ...o,
  lead: serverErrors(err).current_password ?? t('access.owner.typePassword'),
});

/**
 * "Confirm it is you": the dialog a change of one's own factors opens when the server asks for
 * the owner (asksOwner). It asks for the password, or (`withCode`) a code of the authenticator
 * app, and sends the same call again with it; Enter sends, Escape or Cancel closes; a wrong
 * password or code is said under its field and the dialog stays. Render it only while `ask` is set.
 */
export function OwnerConfirmModal<T>({ ask, onClose }: { ask: OwnerAsk<T>; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useFormErrors();
  const sending = useAction();

  const submit = () => {
    if (form.check({ current_password: password || code.trim() ? null : ask.lead })) return;
    const proof: OwnerProof = password ? { current_password: password } : { code: code.trim() };
    void sending.run(() => ask.retry(proof), {
      onSuccess: (r) => {
        onClose();
        ask.done(r);
      },
      onError: (err) => {
        const fields = serverErrors(err);
        if (fields.current_password || (ask.withCode && fields.code)) {
          form.fromServer(err);
          return;
        }
        if (err instanceof HttpError && err.status === 422) {
          onClose();
          ask.elsewhere(err);
        }
      },
    });
  };

  return (
    <Modal
      title={t('access.owner.title')}
      size="sm"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <ModalCloseButton label={t('access.common.cancel')} />
          <Button type="submit" busy={sending.busy}>
            {t('access.common.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('access.owner.lead', { lead: ask.lead })}</p>
      <FormField bind={form.field('current_password')} label={t('access.owner.password')}>
        <input type="password" name="current_password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      {ask.withCode && (
        <FormField bind={form.field('code')} label={t('access.owner.code')}>
          <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
      )}
    </Modal>
  );
}
