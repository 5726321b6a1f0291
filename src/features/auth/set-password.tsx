import '../../lib/messages/sweep.ts';
import '../../lib/messages/shell.ts';
import '../../lib/messages/access.ts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { required, strongPassword } from '../../lib/validators.ts';
import { HttpError } from '../../lib/http.ts';
import { useSession } from '../../providers/session.tsx';
import { useToast } from '../../providers/toasts.tsx';
import { linkInfo, setPasswordByLink, type LinkInfo } from './api.ts';
import { homeFor } from './login.tsx';
import { t } from '../../lib/i18n.ts';

/** What the page says of a link that does not work, by its state (common/mail-rules.ts LINK_MESSAGES, in the reader's language). */
const LINK_KEYS = { used: 'sweep.link.used', expired: 'sweep.link.expired', invalid: 'sweep.link.invalid' } as const;
/**
 * The page a reset link (/reset-password#token) or an invitation (/invitation#token) opens
 *. The token comes from the URL fragment, which browsers never send to a
 * server, and is then taken out of the address bar. A valid link asks for the new password twice
 * (the spec's rule, common/password.ts) and signs in; a used, expired or changed one says so in
 * plain words with a link to ask for a new one.
 */
export default function SetPasswordScreen({ purpose }: { purpose: 'reset' | 'invite' }) {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const fe = useFormErrors();
  const toast = useToast();
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [info, setInfo] = useState<LinkInfo | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const title = purpose === 'invite' ? t('access.setPassword.inviteTitle') : t('access.setPassword.resetTitle');
  useDocumentTitle(title);

  useEffect(() => {
    if (window.location.hash) history.replaceState(history.state, '', window.location.pathname);
    if (!token) {
      setInfo({ state: 'invalid', purpose: null, email: null, name: null });
      return;
    }
    linkInfo(token).then(setInfo, (err) => setNote(err instanceof HttpError ? err.message : t('access.auth.reload')));
  }, [token]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (
      busy ||
      fe.check({
        password: required(password, t('account.newPassword')) ?? strongPassword(password),
        password_confirmation: confirm === password ? null : t('sweep.password.mismatch'),
      })
    )
      return;
    setBusy(true);
    setNote('');
    try {
      const res = await setPasswordByLink(token, password, confirm);
      if (!res.data) {
        toast.success(res.message);
        navigate('/login', { replace: true });
        return;
      }
      signIn({ token: res.data.token, role: res.data.role, companyid: res.data.companyid, id: res.data.id }, false);
      navigate(homeFor(res.data.role, res.data.companyid), { replace: true });
    } catch (err) {
      setBusy(false);
      const state = err instanceof HttpError ? (err.body?.data as { state?: LinkInfo['state'] } | null)?.state : undefined;
      if (state) setInfo({ state, purpose, email: null, name: null });
      else if (!fe.fromServer(err)) setNote(err instanceof HttpError ? err.message : t('access.auth.tryAgain'));
    }
  }

  const broken = info && info.state !== 'valid' ? t(LINK_KEYS[info.state]) : '';
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="set-password-title">
        <div className="auth-brand">{t('app.brand')}</div>
        <h1 id="set-password-title">{title}</h1>
        {broken ? (
          <>
            <p className="form-note" role="alert">
              {broken}
            </p>
            <p>
              <Link href="/forgot-password" className="btn btn-primary btn-block">
                {t('access.setPassword.askNewLink')}
              </Link>
            </p>
          </>
        ) : info ? (
          <>
            <p className="muted">{t('access.setPassword.forEmail', { email: info.email ?? '' })}</p>
            <TextField
              bind={fe.field('password')}
              label={t('account.newPassword')}
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              onValue={setPassword}
              autoFocus
            />
            <TextField
              bind={fe.field('password_confirmation')}
              label={t('account.retypePassword')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              value={confirm}
              onValue={setConfirm}
            />
            {note && (
              <p className="form-note" role="alert">
                {note}
              </p>
            )}
            <Button type="submit" busy={busy} className="btn-block">
              {purpose === 'invite' ? t('access.setPassword.inviteSubmit') : t('access.setPassword.resetSubmit')}
            </Button>
          </>
        ) : note ? (
          <p className="form-note" role="alert">
            {note}
          </p>
        ) : (
          <p className="muted" role="status">
            {t('access.setPassword.checking')}
          </p>
        )}
        <p className="auth-alt">
          <Link href="/login">{t('access.auth.backToSignIn')}</Link>
        </p>
      </form>
    </main>
  );
}
