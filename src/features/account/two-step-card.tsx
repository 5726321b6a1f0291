import '../../lib/messages/security.ts';
import '../../lib/messages/access.ts';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useAction } from '../../components/use-action.ts';
import { required } from '../../lib/validators.ts';
import { saveText } from '../../lib/download.ts';
import { t, tParts } from '../../lib/i18n.ts';
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
const CODES_LEAD = {
  on: 'access.twoStep.leadOn',
  replaced: 'access.twoStep.leadReplaced',
  new: 'access.twoStep.leadNew',
  passkey: 'access.twoStep.leadPasskey',
} as const satisfies Record<CodesWhy, string>;

/** The warning above the Passkeys part while no second factor is on: the first passkey turns two-step sign-in on. */
export const firstPasskeyWarning = () => t('access.twoStep.firstPasskeyWarning');

/**
 * My account's one status line of the Sign-in methods card: off, or on with the authenticator
 * app and how many passkeys, and the recovery codes left ("Two-step sign-in is on: authenticator
 * app and 1 passkey. Recovery codes left: 10.").
 */
export function methodsLine(s: api.TwoStep): string {
  if (!s.enabled) return t('access.twoStep.statusOff');
  const values = { count: s.passkeys.length, left: s.recovery_codes_left };
  if (!s.passkeys.length) return t('access.twoStep.statusApp', values);
  return t(s.totp ? 'access.twoStep.statusBoth' : 'access.twoStep.statusPasskeys', values);
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
    if (form.check({ code: required(code, t('login.authCode')) })) return;
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
    if (form.check({ password: required(password, t('login.password')), code: required(code, t('login.authCode')) })) return;
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
    <FormField bind={form.field('code')} label={t('login.authCode')} required>
      <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
    </FormField>
  );
  const idle = step.kind === 'idle';
  const recoveryNotice = unified && status?.recovery_sign_in && !noticeHidden && idle;

  return (
    <section className={unified ? 'card two-step sign-in-methods' : 'card two-step'} aria-labelledby="account-two-step">
      <h2 id="account-two-step">{unified ? t('access.twoStep.methodsTitle') : t('access.twoStep.title')}</h2>
      {status === null && (
        <p className="muted" role="status">
          {t('app.loading')}
        </p>
      )}
      {unified && status && <p className="sign-in-status">{methodsLine(status)}</p>}
      {status?.required && !status.enabled && (
        <p className="form-note" role="alert">
          {t('access.twoStep.required')}
        </p>
      )}
      {recoveryNotice && (
        <div className="recovery-notice" role="status">
          <p>
            <strong>{t('access.twoStep.recoveryUsed', { left: status.recovery_codes_left })}</strong>{' '}
            {status.totp ? t('access.twoStep.newPhoneHint') : t('access.twoStep.runningOut')}
          </p>
          <div className="actions">
            {status.totp ? (
              <Button busy={acting.busy} onClick={replace}>
                {t('access.twoStep.setUpNewPhone')}
              </Button>
            ) : (
              <Button busy={acting.busy} onClick={newCodes}>
                {t('access.twoStep.newCodes')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setNoticeHidden(true)}>
              {t('access.twoStep.notNow')}
            </Button>
          </div>
        </div>
      )}
      {status?.codes_locked && (
        <p className="form-note" role="alert">
          {t('access.twoStep.locked')}
        </p>
      )}
      {step.kind === 'codes' && (
        <div className="recovery-codes">
          <p>{t(CODES_LEAD[step.why])}</p>
          <ul aria-label={t('access.twoStep.recoveryCodes')}>
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="actions">
            <Button variant="secondary" onClick={() => saveText('recovery-codes.txt', `${step.codes.join('\n')}\n`)}>
              {t('access.twoStep.download')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })}>{t('access.common.done')}</Button>
          </div>
        </div>
      )}
      {status && step.kind === 'scan' && (
        <form noValidate onSubmit={confirm}>
          <p>{step.replacing ? t('access.twoStep.scanNewPhone') : t('access.twoStep.scan')}</p>
          <img className="two-step-qr" src={step.setup.qr} alt={t('access.twoStep.qrAlt')} width={180} height={180} />
          <p>
            {tParts('access.twoStep.secret', {
              secret: (
                <code key="s" data-testid="two-step-secret">
                  {grouped(step.setup.secret)}
                </code>
              ),
            })}
          </p>
          {codeField}
          <div className="actions">
            <Button type="submit" busy={acting.busy}>
              {t('access.common.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              {t('access.common.cancel')}
            </Button>
          </div>
        </form>
      )}
      {unified && status && <h3>{t('access.twoStep.appTitle')}</h3>}
      {status && idle && !status.totp && (
        <>
          <p className="muted small">{t('access.twoStep.appIntro')}</p>
          <Button busy={acting.busy} onClick={begin}>
            {unified && status.enabled ? t('access.twoStep.setUpApp') : t('access.twoStep.turnOn')}
          </Button>
        </>
      )}
      {status && (idle || step.kind === 'off') && status.totp && (
        <>
          <p>
            {unified
              ? t('access.twoStep.appOn')
              : tParts('access.twoStep.appOnLine', { on: <strong key="on">{t('access.twoStep.on')}</strong> }, { left: status.recovery_codes_left })}
          </p>
          {idle ? (
            <div className="actions">
              <Button variant="secondary" busy={acting.busy} onClick={replace}>
                {t('access.twoStep.replace')}
              </Button>
              {!unified && (
                <Button variant="secondary" busy={acting.busy} onClick={newCodes}>
                  {t('access.twoStep.newCodes')}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  form.reset();
                  setStep({ kind: 'off' });
                }}
              >
                {t('access.twoStep.turnOff')}
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={turnOff}>
              <FormField bind={form.field('password')} label={t('login.password')} required>
                <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </FormField>
              {codeField}
              <div className="actions">
                <Button type="submit" busy={acting.busy}>
                  {t('access.twoStep.turnOffFull')}
                </Button>
                <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
                  {t('access.common.cancel')}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      {unified && status?.enabled && (
        <>
          <h3>{t('access.twoStep.recoveryCodes')}</h3>
          <p className="muted small">{t('access.twoStep.recoveryIntro')}</p>
          <div className="actions">
            <Button variant="secondary" busy={acting.busy} onClick={newCodes}>
              {t('access.twoStep.newCodes')}
            </Button>
          </div>
        </>
      )}
      {unified && status && !status.enabled && (
        <p className="form-note passkey-warning" role="note">
          {firstPasskeyWarning()}
        </p>
      )}
      {unified && <PasskeysCard status={status} changed={changed} />}
      {ask && <OwnerConfirmModal ask={ask} onClose={() => setAsk(null)} />}
    </section>
  );
}
