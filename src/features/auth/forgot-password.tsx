import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { email as emailRule, required } from '../../lib/validators.ts';
import { HttpError } from '../../lib/http.ts';
import { forgotPassword } from './api.ts';
import { t } from '../../lib/i18n.ts';

/**
 * "Forgot password?" at /forgot-password: asks for the e-mail and answers the
 * server's one message ("If that address has an account, we sent a link.") whatever the address;
 * throttled requests (429) say to wait. A link back to sign-in.
 */
export default function ForgotPasswordScreen() {
  const fe = useFormErrors();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [note, setNote] = useState('');
  useDocumentTitle(t('access.forgot.title'));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy || fe.check({ email: required(value, t('login.email')) ?? emailRule(value) })) return;
    setBusy(true);
    setNote('');
    try {
      setSent((await forgotPassword(value.trim())).message);
    } catch (err) {
      if (!fe.fromServer(err)) setNote(err instanceof HttpError ? err.message : t('access.auth.tryAgain'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="forgot-title">
        <div className="auth-brand">{t('app.brand')}</div>
        <h1 id="forgot-title">{t('login.forgot')}</h1>
        {sent ? (
          <p className="auth-done" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p className="muted">{t('access.forgot.intro')}</p>
            <TextField
              bind={fe.field('email')}
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="username"
              value={value}
              onValue={setValue}
              autoFocus
            />
            {note && (
              <p className="form-note" role="alert">
                {note}
              </p>
            )}
            <Button type="submit" busy={busy} className="btn-block">
              {t('access.forgot.send')}
            </Button>
          </>
        )}
        <p className="auth-alt">
          <Link href="/login">{t('access.auth.backToSignIn')}</Link>
        </p>
      </form>
    </main>
  );
}
