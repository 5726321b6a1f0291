import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { email, required } from '../../lib/validators.ts';
import { writeStored } from '../../lib/storage.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The register template (admin-area §2): fullName, email, password, retypePassword and
 * agree-to-terms, all required; two social sign-up links and a link back to /login. It is a
 * template only: a valid form stores a placeholder token and goes to /; an invalid one marks
 * its fields and shows a placeholder error toast.
 */
const incomplete = () => t('access.register.incomplete');

/**
 * The register screen at /register (admin-area §2 "Register screen"), a template only: all five
 * fields required and the e-mail well formed, else the fields are marked and the incomplete() toast
 * shows; a valid form stores a placeholder token and goes to /. Nothing is sent to the server.
 */
export default function RegisterScreen() {
  const fe = useFormErrors();
  const [, navigate] = useLocation();
  useDocumentTitle(t('access.register.register'));
  const [f, setF] = useState({ fullName: '', email: '', password: '', retypePassword: '', agree: false });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setF({ ...f, [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (
      fe.check(
        {
          fullName: required(f.fullName, t('access.register.fullName')),
          email: required(f.email, t('login.email')) ?? email(f.email),
          password: required(f.password, t('login.password')),
          retypePassword: required(f.retypePassword, t('access.register.retypePassword')),
          agree: f.agree ? null : t('access.register.agreeError'),
        },
        incomplete(),
      )
    )
      return;
    writeStored('token', 'template-token');
    navigate('/');
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="register-title">
        <div className="auth-brand">{t('app.brand')}</div>
        <h1 id="register-title">{t('login.register')}</h1>
        <FormField bind={fe.field('fullName')} label={t('access.register.fullName')} required>
          <input name="fullName" value={f.fullName} onChange={set('fullName')} />
        </FormField>
        <FormField bind={fe.field('email')} label={t('login.email')} required>
          <input type="email" name="email" value={f.email} onChange={set('email')} />
        </FormField>
        <FormField bind={fe.field('password')} label={t('login.password')} required>
          <input type="password" name="password" value={f.password} onChange={set('password')} />
        </FormField>
        <FormField bind={fe.field('retypePassword')} label={t('access.register.retypePassword')} required>
          <input type="password" name="retypePassword" value={f.retypePassword} onChange={set('retypePassword')} />
        </FormField>
        <label className="check">
          <input
            type="checkbox"
            name="agree"
            checked={f.agree}
            onChange={set('agree')}
            id={fe.field('agree').id}
            aria-required
            aria-invalid={fe.errors.agree ? true : undefined}
            aria-describedby={fe.errors.agree ? fe.field('agree').errorId : undefined}
          />{' '}
          {t('access.register.agree')}
        </label>
        {fe.errors.agree && (
          <small id={fe.field('agree').errorId} className="field-error">
            {fe.errors.agree}
          </small>
        )}
        <Button type="submit" className="btn-block">
          {t('access.register.register')}
        </Button>
        <div className="social">
          <a className="btn btn-secondary btn-block" href="#facebook" onClick={(e) => e.preventDefault()}>
            {t('access.register.facebook')}
          </a>
          <a className="btn btn-secondary btn-block" href="#google" onClick={(e) => e.preventDefault()}>
            {t('access.register.google')}
          </a>
        </div>
        <p className="auth-alt">
          <Link href="/login">{t('access.register.haveMembership')}</Link>
        </p>
      </form>
    </main>
  );
}
