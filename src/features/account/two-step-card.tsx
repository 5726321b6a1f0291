import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { required } from '../../lib/validators.ts';
import { saveText } from '../../lib/download.ts';
import * as api from './api.ts';
import { asksOwner, OwnerConfirmModal, ownerAsk, type OwnerAsk } from './owner-confirm.tsx';

type Step = { kind: 'idle' } | { kind: 'scan'; setup: { secret: string; qr: string } } | { kind: 'codes'; codes: string[] } | { kind: 'off' };

/** What the calls that answer recovery codes resolve to (turning the app on, new codes). */
type WithCodes = Awaited<ReturnType<typeof api.newRecoveryCodes>>;

/** The secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * My account → Two-step sign-in (docs/security.md "Two-step sign-in"): "Turn on two-step
 * sign-in" shows the QR code (an image the server drew) and the secret as text, then asks for
 * the app's code; the 10 recovery codes are then shown once, with a download as text. While on:
 * recovery codes left, "Make new recovery codes" and "Turn off" (password and a current code),
 * and a note while the codes are locked. Turning the app on and new codes ask "Confirm it is
 * you" (owner-confirm.tsx) when the sign-in is older than 5 minutes. `status` is the loaded
 * state; `changed` reloads it.
 */
export function TwoStepCard({ status, changed }: { status: api.TwoStep | null; changed: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormErrors();
  const acting = useAction();
  const [ask, setAsk] = useState<OwnerAsk<WithCodes> | null>(null);
  const showCodes = (r: WithCodes) => {
    setStep({ kind: 'codes', codes: r.data.recovery_codes });
    changed();
  };
  /** A failure of a call that needs the owner: the prompt when the server asks for it, else under the card's fields. */
  const needOwner = (retry: (proof: api.OwnerProof) => Promise<WithCodes>, withCode: boolean) => (err: unknown) => {
    if (!asksOwner(err)) {
      form.fromServer(err);
      return;
    }
    setAsk(
      ownerAsk(err, {
        withCode,
        retry,
        done: showCodes,
        elsewhere: (e) => {
          form.fromServer(e);
        },
      }),
    );
    return true;
  };

  const begin = () =>
    void acting.run(() => api.beginTotp(), {
      onSuccess: (setup) => {
        setCode('');
        form.reset();
        setStep({ kind: 'scan', setup });
      },
    });
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.check({ code: required(code, 'Authentication code') })) return;
    const typed = code.trim();
    // The card itself says two-step sign-in is on, beside the codes: no toast saying it again.
    void acting.run(() => api.confirmTotp(typed), { success: '', onSuccess: showCodes, onError: needOwner((proof) => api.confirmTotp(typed, proof), false) });
  };
  const newCodes = () => void acting.run(() => api.newRecoveryCodes(), { onSuccess: showCodes, onError: needOwner(api.newRecoveryCodes, true) });
  const turnOff = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.check({ password: required(password, 'Password'), code: required(code, 'Authentication code') })) return;
    void acting.run(() => api.disableTotp(password, code.trim()), {
      onSuccess: () => {
        setPassword('');
        setCode('');
        setStep({ kind: 'idle' });
        changed();
      },
      onError: (err) => {
        form.fromServer(err);
      },
    });
  };

  const codeField = (
    <FormField bind={form.field('code')} label="Authentication code" required>
      <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
    </FormField>
  );

  return (
    <section className="card two-step" aria-labelledby="account-two-step">
      <h2 id="account-two-step">Two-step sign-in</h2>
      {status === null && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {status?.required && !status.enabled && (
        <p className="form-note" role="alert">
          Your role requires two-step sign-in: turn it on to use the console.
        </p>
      )}
      {step.kind === 'codes' && (
        <div className="recovery-codes">
          <p>
            Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your authenticator app, and they are shown only now.
          </p>
          <ul aria-label="Recovery codes">
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="actions">
            <Button variant="secondary" onClick={() => saveText('recovery-codes.txt', `${step.codes.join('\n')}\n`)}>
              Download recovery codes
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })}>Done</Button>
          </div>
        </div>
      )}
      {status && step.kind === 'scan' && (
        <form noValidate onSubmit={confirm}>
          <p>Scan this QR code with your authenticator app, or type the secret into it. Then enter the 6-digit code it shows.</p>
          <img className="two-step-qr" src={step.setup.qr} alt="QR code of your two-step secret" width={180} height={180} />
          <p>
            Secret: <code data-testid="two-step-secret">{grouped(step.setup.secret)}</code>
          </p>
          {codeField}
          <div className="actions">
            <Button type="submit" busy={acting.busy}>
              Confirm
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {status && step.kind === 'idle' && !status.totp && (
        <>
          <p className="muted small">Ask for a code from an authenticator app each time you sign in, after your password.</p>
          <Button busy={acting.busy} onClick={begin}>
            Turn on two-step sign-in
          </Button>
        </>
      )}
      {status && (step.kind === 'idle' || step.kind === 'off') && status.totp && (
        <>
          <p>
            Two-step sign-in with an authenticator app is <strong>on</strong>. Recovery codes left: {status.recovery_codes_left}.
          </p>
          {status.codes_locked && (
            <p className="form-note" role="alert">
              Sign-in codes are locked after too many wrong codes in a row. Unlock them with the link we e-mailed you, or ask an administrator. Your passkeys
              still sign you in.
            </p>
          )}
          {step.kind === 'idle' ? (
            <div className="actions">
              <Button variant="secondary" busy={acting.busy} onClick={newCodes}>
                Make new recovery codes
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  form.reset();
                  setStep({ kind: 'off' });
                }}
              >
                Turn off
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={turnOff}>
              <FormField bind={form.field('password')} label="Password" required>
                <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </FormField>
              {codeField}
              <div className="actions">
                <Button type="submit" busy={acting.busy}>
                  Turn off two-step sign-in
                </Button>
                <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      {ask && <OwnerConfirmModal ask={ask} onClose={() => setAsk(null)} />}
    </section>
  );
}
