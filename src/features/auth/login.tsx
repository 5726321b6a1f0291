import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useSession } from '../../providers/session.tsx';
import { Button } from '../../components/button.tsx';
import { HttpError } from '../../lib/http.ts';
import { login } from './api.ts';
import { greeting } from './greeting.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { TextField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { required } from '../../lib/validators.ts';

/** Where a signed-in user belongs: role company on its own organiser page, everyone else /admin (admin-area §4). */
export const homeFor = (role: string | null, companyId: string | number | null) =>
  role === 'company' && companyId != null ? `/admin/organizer/${companyId}` : '/admin';

/**
 * Sign-in (admin-area §2): greeting by hour, email and password required, Remember Me, and a
 * Sign In button that shows a loading state. A failed login shows nothing but the form's own
 * inline note (admin-area §8: "nothing visible" as a toast); throttling (429) says to wait.
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
  useDocumentTitle('Sign in');

  if (state.token) return <Redirect to={homeFor(state.role, state.companyId)} replace />;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy || fe.check({ email: required(email, 'Email'), password: password === '' ? required('', 'Password') : null })) return;
    setBusy(true);
    setNote('');
    try {
      const res = await login(email.trim(), password, remember);
      signIn({ token: res.data.token, role: res.data.role, companyid: res.data.companyid, id: res.data.id }, remember);
      navigate(homeFor(res.data.role, res.data.companyid), { replace: true });
    } catch (err) {
      setBusy(false);
      // 429 (throttled) and 403 (organiser not Active, told only after a right password) say why.
      if (err instanceof HttpError && (err.status === 429 || err.status === 403)) setNote(err.message);
      else if (err instanceof HttpError && err.status === 0) setNote(err.message);
      else setNote('The e-mail or password is not right.');
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="auth-brand">Events Back-office</div>
        <h1 id="login-title">{greeting(new Date().getHours())}</h1>
        <p className="muted">Sign in to start your session</p>
        <TextField bind={fe.field('email')} label="Email" type="email" name="email" autoComplete="username" value={email} onValue={setEmail} autoFocus />
        <TextField bind={fe.field('password')} label="Password" type="password" name="password" autoComplete="current-password" value={password} onValue={setPassword} />
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember Me
        </label>
        <p className="auth-forgot"><Link href="/forgot-password">Forgot password?</Link></p>
        {note && <p className="form-note" role="alert">{note}</p>}
        <Button type="submit" busy={busy} className="btn-block">{busy ? 'Signing In…' : 'Sign In'}</Button>
        <p className="auth-alt"><Link href="/register">Register a new membership</Link></p>
      </form>
    </main>
  );
}
