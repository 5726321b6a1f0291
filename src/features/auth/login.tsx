import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { Button } from '../../components/button.tsx';
import { HttpError } from '../../lib/http.ts';
import { login, loginMfa, passkeySignIn, passkeySignInOptions, type LoginResult } from './api.ts';
import { passkeysSupported } from '../../lib/webauthn.ts';
import { PasskeySiteNotice, usePasskeySite } from '../../components/passkey-site.tsx';
import { greeting } from './greeting.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { FormField, TextField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { required } from '../../lib/validators.ts';
import { CODE_JUST_USED_CODE, CODE_WRONG, CODE_WRONG_CODE, TWO_STEP_LOCKED } from '../../common/two-step.ts';
import { useSharedText } from './use-shared-text.ts';
import { t } from '../../lib/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** Where a signed-in user belongs: role company on its own organiser page, everyone else /admin (admin-area §4). */
export const homeFor = (role: string | null, companyId: string | number | null) =>
  role === 'company' && companyId != null ? `/admin/organizer/${companyId}` : '/admin';

/**
 * Where a user lands after signing in: My account while a role requires two-step sign-in the user
 * has not turned on, or after a recovery code (its Sign-in methods card says how many are left
 * and offers to set up the new phone), else homeFor.
 */
const landingOf = (r: LoginResult) => (r.two_step_required || r.recovery_codes_left !== undefined ? '/admin/account' : homeFor(r.role, r.companyid));

/** The history state the console puts on /login when a kept session answered 401: signed out elsewhere or ended. */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;
/** What the sign-in page says then (in the reader's language). */
export const sessionEndedNotice = () => t('login.sessionEnded');

/**
 * Sign-in (admin-area §2): greeting by hour, email and password required, Remember Me, and a
 * Sign In button that shows a loading state. A failed login shows nothing but the form's own
 * inline note (admin-area §8: "nothing visible" as a toast); throttling (429) says to wait.
 * An account with two-step sign-in then asks for the authenticator app's code ("Use a recovery
 * code" switches the field) or a passkey; "Use a passkey" also signs in without a password
 * (docs/security.md "Two-step sign-in"). While the account's codes are locked after too many wrong
 * ones, the second step says so (TWO_STEP_LOCKED) and offers only a passkey. After a kept session
 * ended elsewhere, it says so (sessionEndedNotice()). Where this address cannot carry passkeys
 * (src/common/passkey-site.ts) a note says why and links the right address instead of "Use a
 * passkey"; the second step then still offers the codes the account has.
 */
export default function LoginScreen() {
  const { state, signIn } = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const fe = useFormErrors();
  const [note, setNote] = useState('');
  const [ended] = useState(() => !!(window.history.state as { sessionEnded?: boolean } | null)?.sessionEnded);
  // The second step: the challenge POST login answered, whether a recovery code is typed instead, and whether codes are locked.
  const [mfa, setMfa] = useState<{ challenge: string; recovery: boolean; methods: string[]; locked: boolean } | null>(null);
  // While codes are locked: the notice, in the reader's language once its chunk is in.
  const lockedNotice = useSharedText(mfa?.locked ? TWO_STEP_LOCKED : '');
  const [code, setCode] = useState('');
  const site = usePasskeySite();
  useDocumentTitle(t('login.title'));

  if (state.token) return <Redirect to={homeFor(state.role, state.companyId)} replace />;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy || fe.check({ email: required(email, t('login.email')), password: password === '' ? required('', t('login.password')) : null })) return;
    setBusy(true);
    setNote('');
    try {
      const res = await login(email.trim(), password, remember);
      if ('mfa_required' in res.data) {
        setBusy(false);
        setMfa({ challenge: res.data.challenge, recovery: false, methods: res.data.methods, locked: !!res.data.codes_locked });
        return;
      }
      done(res.data);
    } catch (err) {
      setBusy(false);
      // 429 (throttled) and 403 (organiser not Active, told only after a right password) say why.
      if (err instanceof HttpError && (err.status === 429 || err.status === 403)) setNote(err.message);
      else if (err instanceof HttpError && err.status === 0) setNote(err.message);
      else setNote(t('login.wrong'));
    }
  }

  function done(r: LoginResult) {
    signIn({ token: r.token, role: r.role, companyid: r.companyid, id: r.id, language: r.language, time_zone: r.time_zone }, remember);
    navigate(landingOf(r), { replace: true });
  }

  async function submitCode(e: React.FormEvent) {
    e.preventDefault();
    if (busy || !mfa || fe.check({ code: required(code, mfa.recovery || !mfa.methods.includes('code') ? t('login.recoveryCode') : t('login.authCode')) }))
      return;
    setBusy(true);
    setNote('');
    try {
      done((await loginMfa(mfa.challenge, code.trim())).data);
    } catch (err) {
      setBusy(false);
      setCode('');
      // An expired step starts the sign-in again; locked codes leave the passkey; wrong or just-used codes and throttling say so under the field.
      // By code: the message comes in the reader's language.
      if (err instanceof HttpError && err.status === 401 && err.body?.code !== CODE_WRONG_CODE && err.body?.code !== CODE_JUST_USED_CODE) setMfa(null);
      if (err instanceof HttpError && (err.body?.data as { two_step_locked?: boolean } | null)?.two_step_locked) {
        setMfa({ ...mfa, locked: true, methods: mfa.methods.filter((m) => m === 'passkey') });
        setNote('');
        return;
      }
      setNote(err instanceof HttpError && err.message ? err.message : CODE_WRONG);
    }
  }

  // "Use a passkey": without a password, or as the second step of `mfa`. A cancelled prompt says nothing.
  async function withPasskey() {
    if (busy) return;
    setBusy(true);
    setNote('');
    let prompts: typeof import('../../lib/webauthn-prompts.ts') | undefined;
    try {
      // The prompt's code loads while the server makes the options.
      const [loaded, options] = await Promise.all([import('../../lib/webauthn-prompts.ts'), passkeySignInOptions(mfa?.challenge ?? null, remember)]);
      prompts = loaded;
      const credential = await prompts.signWithPasskey(options);
      done((await passkeySignIn(credential)).data);
    } catch (err) {
      setBusy(false);
      if (err instanceof HttpError) setNote(err.message);
      else if ((err as Error).name !== 'NotAllowedError' && (err as Error).name !== 'AbortError')
        setNote(prompts?.browserRefusal(err) ? t('login.passkeyFailedWhy', { reason: prompts.browserRefusal(err) }) : t('login.passkeyFailed'));
    }
  }
  // Where passkeys cannot work on this address, why and where they do, instead of a button that fails.
  const passkeyButton =
    passkeysSupported() &&
    (!mfa || mfa.methods.includes('passkey')) &&
    (site ? (
      <PasskeySiteNotice note={site} className={mfa ? 'auth-alt' : 'auth-alt muted small'} />
    ) : (
      <p className="auth-alt">
        <button type="button" className="btn btn-link" onClick={() => void withPasskey()}>
          {t('login.usePasskey')}
        </button>
      </p>
    ));

  if (mfa) {
    // Codes the account has: the authenticator app's, recovery codes (alone when it has no app).
    const typed = mfa.methods.includes('code') || mfa.methods.includes('recovery');
    const recovery = mfa.recovery || !mfa.methods.includes('code');
    return (
      <main className="auth-page">
        <form className="auth-card" onSubmit={submitCode} noValidate aria-labelledby="login-title">
          <div className="auth-brand">{t('app.brand')}</div>
          <h1 id="login-title">{t('login.twoStepTitle')}</h1>
          {mfa.locked && (
            <p className="form-note" role="alert">
              {lockedNotice}
            </p>
          )}
          {mfa.methods.length > 0 && (
            <p className="muted">
              {!typed ? (site ? t('login.passkeyNotHere') : t('login.confirmPasskey')) : recovery ? t('login.enterRecovery') : t('login.enterCode')}
            </p>
          )}
          {!typed ? null : recovery ? (
            <TextField
              key="recovery"
              bind={fe.field('code')}
              label={t('login.recoveryCode')}
              name="recovery_code"
              autoComplete="off"
              value={code}
              onValue={setCode}
              autoFocus
            />
          ) : (
            <FormField bind={fe.field('code')} label={t('login.authCode')} required>
              <input key="code" name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
            </FormField>
          )}
          {note && (
            <p className="form-note" role="alert">
              {note}
            </p>
          )}
          {typed && (
            <Button type="submit" busy={busy} className="btn-block">
              {busy ? t('login.submitting') : t('login.submit')}
            </Button>
          )}
          {mfa.methods.includes('code') && mfa.methods.includes('recovery') && (
            <p className="auth-alt">
              <button
                type="button"
                className="btn btn-link"
                onClick={() => {
                  setCode('');
                  setNote('');
                  fe.reset();
                  setMfa({ ...mfa, recovery: !mfa.recovery });
                }}
              >
                {mfa.recovery ? t('login.useApp') : t('login.useRecovery')}
              </button>
            </p>
          )}
          {passkeyButton}
          <p className="auth-alt">
            <button
              type="button"
              className="btn btn-link"
              onClick={() => {
                setMfa(null);
                setCode('');
                setNote('');
                setPassword('');
              }}
            >
              {t('login.startOver')}
            </button>
          </p>
        </form>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="auth-brand">{t('app.brand')}</div>
        <h1 id="login-title">{greeting(new Date().getHours())}</h1>
        <p className="muted">{t('login.intro')}</p>
        {ended && !note && (
          <p className="form-note" role="status">
            {sessionEndedNotice()}
          </p>
        )}
        <TextField
          bind={fe.field('email')}
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onValue={setEmail}
          autoFocus
        />
        <TextField
          bind={fe.field('password')}
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
        />
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('login.remember')}
        </label>
        <p className="auth-forgot">
          <Link href="/forgot-password">{t('login.forgot')}</Link>
        </p>
        {note && (
          <p className="form-note" role="alert">
            {note}
          </p>
        )}
        <Button type="submit" busy={busy} className="btn-block">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        {passkeyButton}
        <p className="auth-alt">
          <Link href="/register">{t('login.register')}</Link>
        </p>
        <LanguageSwitch />
      </form>
    </main>
  );
}
