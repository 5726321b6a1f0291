import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/button.tsx';
import { useToast } from '../../providers/toasts.tsx';
import { writeStored } from '../../lib/storage.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/**
 * The register template (admin-area §2): fullName, email, password, retypePassword and
 * agree-to-terms, all required; two social sign-up links and a link back to /login. It is a
 * template only: a valid form stores a placeholder token and goes to /; an invalid one shows a
 * placeholder error toast.
 */
export default function RegisterScreen() {
  const toast = useToast();
  const [, navigate] = useLocation();
  useDocumentTitle('Register');
  const [f, setF] = useState({ fullName: '', email: '', password: '', retypePassword: '', agree: false });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setF({ ...f, [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!f.fullName.trim() || !f.email.trim() || !f.password || !f.retypePassword || !f.agree) {
      toast.error('Please fill in every field and agree to the terms.');
      return;
    }
    writeStored('token', 'template-token');
    navigate('/');
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="register-title">
        <div className="auth-brand">Events Back-office</div>
        <h1 id="register-title">Register a new membership</h1>
        <label className="field"><span>Full name</span><input name="fullName" value={f.fullName} onChange={set('fullName')} /></label>
        <label className="field"><span>Email</span><input type="email" name="email" value={f.email} onChange={set('email')} /></label>
        <label className="field"><span>Password</span><input type="password" name="password" value={f.password} onChange={set('password')} /></label>
        <label className="field"><span>Retype password</span><input type="password" name="retypePassword" value={f.retypePassword} onChange={set('retypePassword')} /></label>
        <label className="check"><input type="checkbox" checked={f.agree} onChange={set('agree')} /> I agree to the terms</label>
        <Button type="submit" className="btn-block">Register</Button>
        <div className="social">
          <a className="btn btn-secondary btn-block" href="#facebook" onClick={(e) => e.preventDefault()}>Sign up using Facebook</a>
          <a className="btn btn-secondary btn-block" href="#google" onClick={(e) => e.preventDefault()}>Sign up using Google+</a>
        </div>
        <p className="auth-alt"><Link href="/login">I already have a membership</Link></p>
      </form>
    </main>
  );
}
