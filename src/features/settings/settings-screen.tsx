import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';

type Tab = 'company' | 'email';

/**
 * Settings (admin-area §2 "Settings screen"): Home > Settings, Save Changes, a Company tab (Logo,
 * Name, Primary mail, Sales mail, Phone no, Address) and an Email tab shown only when the e-mail
 * settings loaded (SMTP Server, Email, Username, Password, Port, Type). No client validation
 * (admin-area §5); the server's messages are shown. The SMTP password is never shown: blank keeps it.
 */
export default function SettingsScreen() {
  const { done } = useFeedback();
  const { busy, run } = useAction();
  const { can } = useAbilities();
  const [tab, setTab] = useState<Tab>('company');
  const [company, setCompany] = useState<api.CompanySettings | null>(null);
  const [mail, setMail] = useState<api.EmailSettings | null>(null);

  useEffect(() => {
    api.getCompany().then(setCompany, console.error);
    api.getEmail().then(setMail, console.error);
  }, []);

  // Two saves, two success toasts; `success: ''` because each is shown as it happens.
  const save = () => {
    if (!company) return;
    void run(async () => {
      done((await api.saveCompany(company)).message);
      setCompany(await api.getCompany());
      if (mail) {
        done((await api.saveEmail(mail)).message);
        setMail(await api.getEmail());
      }
    }, { success: '' });
  };

  const c = (k: keyof api.CompanySettings) => ({ value: company?.[k] ?? '', onChange: (e: { target: { value: string } }) => setCompany((s) => s && { ...s, [k]: e.target.value }) });
  const m = (k: keyof api.EmailSettings) => ({ value: String(mail?.[k] ?? ''), onChange: (e: { target: { value: string } }) => setMail((s) => s && { ...s, [k]: e.target.value }) });

  return (
    <>
      <PageHeader title="Settings" crumbs={[{ label: 'Home', href: '~/admin' }, { label: 'Settings' }]}
        actions={can('settings.edit') && <Button busy={busy} disabled={!company} onClick={() => void save()}>Save Changes</Button>} />
      <div className="card settings">
        <div className="tabs" role="tablist">
          <button type="button" role="tab" className="tab" id="tab-company" aria-controls="panel-company" aria-selected={tab === 'company'} onClick={() => setTab('company')}>Company</button>
          {mail && <button type="button" role="tab" className="tab" id="tab-email" aria-controls="panel-email" aria-selected={tab === 'email'} onClick={() => setTab('email')}>Email</button>}
        </div>
        <form noValidate onSubmit={(e) => { e.preventDefault(); save(); }}>
          {tab === 'company' && (
            <div role="tabpanel" id="panel-company" aria-labelledby="tab-company">
              {!company ? <p className="muted" role="status"><span className="spinner" aria-hidden="true" /> Loading…</p> : (
                <div className="form-row">
                  <div className="field logo-field">
                    <span>Logo</span>
                    {company.logo && <img className="logo-preview" src={company.logo} alt="Current logo" />}
                    <input type="file" aria-label="Logo" accept="image/png,image/jpeg,image/webp"
                      onChange={(e) => { const f = e.target.files?.[0]; if (f) readDataUrl(f).then((logo) => setCompany((s) => s && { ...s, logo }), console.error); }} />
                    <small className="muted">PNG, JPEG or WebP, up to 2 MB.</small>
                  </div>
                  <label className="field"><span>Name</span><input name="name" {...c('name')} /></label>
                  <label className="field"><span>Primary mail</span><input name="primary_mail" type="email" {...c('primary_mail')} /></label>
                  <label className="field"><span>Sales mail</span><input name="sales_mail" type="email" {...c('sales_mail')} /></label>
                  <label className="field"><span>Phone no</span><input name="phone" type="tel" {...c('phone')} /></label>
                  <label className="field field-wide"><span>Address</span><textarea name="address" rows={3} {...c('address')} /></label>
                </div>
              )}
            </div>
          )}
          {tab === 'email' && mail && (
            <div role="tabpanel" id="panel-email" aria-labelledby="tab-email" className="form-row">
              <label className="field"><span>SMTP Server</span><input name="smtp_server" {...m('smtp_server')} /></label>
              <label className="field"><span>SMTP Email</span><input name="smtp_email" type="email" {...m('smtp_email')} /></label>
              <label className="field"><span>SMTP Username</span><input name="smtp_username" autoComplete="off" {...m('smtp_username')} /></label>
              <label className="field"><span>SMTP Password</span><input name="smtp_password" type="password" autoComplete="new-password"
                placeholder={mail.smtp_password_set ? 'Stored; leave blank to keep it' : ''} {...m('smtp_password')} /></label>
              <label className="field"><span>SMTP Port</span><input name="smtp_port" inputMode="numeric" {...m('smtp_port')} /></label>
              <label className="field"><span>SMTP Type</span><input name="smtp_type" placeholder="tls or ssl" {...m('smtp_type')} /></label>
            </div>
          )}
          <button type="submit" hidden />
        </form>
      </div>
    </>
  );
}
