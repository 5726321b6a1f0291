import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { required } from '../../lib/validators.ts';
import { saveText } from '../../lib/download.ts';
import { recoveryUsedNotice } from '../../common/two-step.ts';
import * as api from './api.ts';
import { asksOwner, OwnerConfirmModal, ownerAsk, type OwnerAsk } from './owner-confirm.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

/** Why recovery codes are on show: the app turned on, the app replaced (a new phone), new codes asked for, or the first passkey. */
type CodesWhy = 'on' | 'replaced' | 'new' | 'passkey';
type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; setup: { secret: string; qr: string }; replacing: boolean }
  | { kind: 'codes'; codes: string[]; why: CodesWhy }
  | { kind: 'off' };

/** What the calls that answer recovery codes resolve to (turning the app on or replacing it, new codes). */
type WithCodes = Awaited<ReturnType<typeof api.newRecoveryCodes>>;

/** The secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** What the recovery codes on show say above them, by why they are shown. */
const CODES_LEAD: Record<CodesWhy, string> = {
  on: 'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your authenticator app, and they are shown only now.',
  replaced:
    'Your new phone is set up: the old one no longer signs you in. Keep these new recovery codes somewhere safe: the old codes no longer work, and these are shown only now.',
  new: 'Keep these new recovery codes somewhere safe: the old ones no longer work, and these are shown only now.',
  passkey:
    'Two-step sign-in is on: your password alone no longer signs you in. Keep these recovery codes somewhere safe: each signs you in once if your passkeys are not at hand, and they are shown only now.',
};

/** The warning above the Passkeys part while no second factor is on: the first passkey turns two-step sign-in on. */
export const FIRST_PASSKEY_WARNING =
  'Adding a passkey turns two-step sign-in on: after that, your password alone no longer signs you in. You get recovery codes with your first passkey.';

/**
 * My account's one status line of the Sign-in methods card: off, or on with the authenticator
 * app and how many passkeys, and the recovery codes left ("Two-step sign-in is on: authenticator
 * app and 1 passkey. Recovery codes left: 10.").
 */
export function methodsLine(s: api.TwoStep): string {
  if (!s.enabled) return 'Two-step sign-in is off: your password alone signs you in.';
  const n = s.passkeys.length;
  const ways = [s.totp ? 'authenticator app' : '', n ? `${n} ${n === 1 ? 'passkey' : 'passkeys'}` : ''].filter(Boolean).join(' and ');
  return `Two-step sign-in is on: ${ways}. Recovery codes left: ${s.recovery_codes_left}.`;
}

/**
 * My account → Sign-in methods (docs/security.md "Two-step sign-in"): one card with one status
 * line (methodsLine), the authenticator app, recovery codes and the passkeys (passkeys-card.tsx,
 * embedded). After a sign-in with a recovery code it says how many are left and offers "Set up
 * your new phone" (Replace authenticator). While no second factor is on, a warning above the
 * passkeys says the first one turns two-step sign-in on; the recovery codes it comes with are
 * shown here once. `status` is the loaded state; `changed` reloads it.
 */
export function SignInMethodsCard({ status, changed }: { status: api.TwoStep | null; changed: () => void }) {
  return <Methods status={status} changed={changed} unified />;
}

/**
 * The authenticator app alone, as its own card "Two-step sign-in" (the first step of a member
 * whose role requires it shows it beside the Passkeys card): "Turn on two-step sign-in" shows the
 * QR code and the secret as text, then asks for the app's code; the 10 recovery codes are then
 * shown once, with a download as text. While on: recovery codes left, "Replace authenticator",
 * "New recovery codes" and "Turn off" (password and a current code). Turning the app on or
 * replacing it and new codes ask "Confirm it is you" (owner-confirm.tsx) when the sign-in is older
 * than 5 minutes. The recovery codes a first passkey comes with are shown here too.
 */
export function TwoStepCard({ status, changed }: { status: api.TwoStep | null; changed: () => void }) {
  return <Methods status={status} changed={changed} unified={false} />;
}

function Methods({ status, changed, unified }: { status: api.TwoStep | null; changed: () => void; unified: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [noticeHidden, setNoticeHidden] = useState(false);
  const form = useFormErrors();
  const acting = useAction();
  const [ask, setAsk] = useState<OwnerAsk<WithCodes> | null>(null);
  // The recovery codes the first passkey came with, whichever card added it: shown here, once.
  useEffect(() => api.onFirstPasskeyCodes((codes) => setStep({ kind: 'codes', codes, why: 'passkey' })), []);
  const showCodes = (why: CodesWhy) => (r: WithCodes) => {
    setStep({ kind: 'codes', codes: r.data.recovery_codes, why });
    setNoticeHidden(true);
    changed();
  };
  /** A failure of a call that needs the owner: the prompt when the server asks for it, else under the card's fields. */
  const needOwner = (retry: (proof: api.OwnerProof) => Promise<WithCodes>, withCode: boolean, done: (r: WithCodes) => void) => (err: unknown) => {
    if (!asksOwner(err)) {
      form.fromServer(err);
      return;
    }
    setAsk(
      ownerAsk(err, {
        withCode,
        retry,
        done,
        elsewhere: (e) => {
          form.fromServer(e);
        },
      }),
    );
    return true;
  };

  const scan = (replacing: boolean) => (setup: { secret: string; qr: string }) => {
    setCode('');
    form.reset();
    setStep({ kind: 'scan', setup, replacing });
  };
  const begin = () => void acting.run(() => api.beginTotp(), { onSuccess: scan(false) });
  const replace = () => void acting.run(() => api.replaceTotp(), { onSuccess: scan(true) });
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.check({ code: required(code, 'Authentication code') })) return;
    const typed = code.trim();
    const done = showCodes(step.kind === 'scan' && step.replacing ? 'replaced' : 'on');
    // The card itself says what happened, beside the codes: no toast saying it again.
    void acting.run(() => api.confirmTotp(typed), { success: '', onSuccess: done, onError: needOwner((proof) => api.confirmTotp(typed, proof), false, done) });
  };
  const newCodes = () =>
    void acting.run(() => api.newRecoveryCodes(), {
      success: '',
      onSuccess: showCodes('new'),
      onError: needOwner(api.newRecoveryCodes, !!status?.totp, showCodes('new')),
    });
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
  const idle = step.kind === 'idle';
  const recoveryNotice = unified && status?.recovery_sign_in && !noticeHidden && idle;

  return (
    <section className={unified ? 'card two-step sign-in-methods' : 'card two-step'} aria-labelledby="account-two-step">
      <h2 id="account-two-step">{unified ? 'Sign-in methods' : 'Two-step sign-in'}</h2>
      {status === null && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {unified && status && <p className="sign-in-status">{methodsLine(status)}</p>}
      {status?.required && !status.enabled && (
        <p className="form-note" role="alert">
          Your role requires two-step sign-in: turn it on to use the console.
        </p>
      )}
      {recoveryNotice && (
        <div className="recovery-notice" role="status">
          <p>
            <strong>{recoveryUsedNotice(status.recovery_codes_left)}</strong>{' '}
            {status.totp
              ? 'If your phone is lost or replaced, set up the authenticator app on your new phone: the old one then stops working, and you get new recovery codes.'
              : 'If you are running out, make new recovery codes.'}
          </p>
          <div className="actions">
            {status.totp ? (
              <Button busy={acting.busy} onClick={replace}>
                Set up your new phone
              </Button>
            ) : (
              <Button busy={acting.busy} onClick={newCodes}>
                New recovery codes
              </Button>
            )}
            <Button variant="secondary" onClick={() => setNoticeHidden(true)}>
              Not now
            </Button>
          </div>
        </div>
      )}
      {status?.codes_locked && (
        <p className="form-note" role="alert">
          Sign-in codes are locked after too many wrong codes in a row. Unlock them with the link we e-mailed you, or ask an administrator. Your passkeys still
          sign you in.
        </p>
      )}
      {step.kind === 'codes' && (
        <div className="recovery-codes">
          <p>{CODES_LEAD[step.why]}</p>
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
          <p>
            {step.replacing
              ? 'Scan this QR code with the authenticator app on your new phone, or type the secret into it. Then enter the 6-digit code it shows: your old phone stops working once you confirm.'
              : 'Scan this QR code with your authenticator app, or type the secret into it. Then enter the 6-digit code it shows.'}
          </p>
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
      {unified && status && <h3>Authenticator app</h3>}
      {status && idle && !status.totp && (
        <>
          <p className="muted small">Ask for a code from an authenticator app each time you sign in, after your password.</p>
          <Button busy={acting.busy} onClick={begin}>
            {unified && status.enabled ? 'Set up an authenticator app' : 'Turn on two-step sign-in'}
          </Button>
        </>
      )}
      {status && (idle || step.kind === 'off') && status.totp && (
        <>
          <p>
            {unified ? (
              'On: each sign-in asks for its code after your password.'
            ) : (
              <>
                Two-step sign-in with an authenticator app is <strong>on</strong>. Recovery codes left: {status.recovery_codes_left}.
              </>
            )}
          </p>
          {idle ? (
            <div className="actions">
              <Button variant="secondary" busy={acting.busy} onClick={replace}>
                Replace authenticator
              </Button>
              {!unified && (
                <Button variant="secondary" busy={acting.busy} onClick={newCodes}>
                  New recovery codes
                </Button>
              )}
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
      {unified && status?.enabled && (
        <>
          <h3>Recovery codes</h3>
          <p className="muted small">Each signs you in once when your phone or passkeys are not at hand. New ones replace the old ones.</p>
          <div className="actions">
            <Button variant="secondary" busy={acting.busy} onClick={newCodes}>
              New recovery codes
            </Button>
          </div>
        </>
      )}
      {unified && status && !status.enabled && (
        <p className="form-note passkey-warning" role="note">
          {FIRST_PASSKEY_WARNING}
        </p>
      )}
      {unified && <PasskeysCard status={status} changed={changed} />}
      {ask && <OwnerConfirmModal ask={ask} onClose={() => setAsk(null)} />}
    </section>
  );
}
