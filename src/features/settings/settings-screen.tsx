import '../../lib/messages/sweep.ts';
import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import { useEffect, useState } from 'react';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { useAction } from '../../components/use-action.ts';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import * as api from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';
import { SMTP_TYPES, storedPasswordApplies } from '../../common/mail-rules.ts';
import { OutboxPanel } from './outbox-panel.tsx';
import { t } from '../../lib/i18n.ts';

type Tab = 'company' | 'email';

/**
 * Settings (admin-area §2 "Settings screen"): Home > Settings, Save Changes, a Company tab (Logo,
 * Name, Primary mail, Sales mail, Phone no, Address) and an Email tab shown only when the e-mail
 * settings loaded (SMTP Server, Email, Username, Password, Port, Type). No client validation
 * (admin-area §5); the server's messages are shown as toasts (§8) and under their fields. The SMTP password is never shown: blank keeps it.
 * Save Changes sends both tabs in one call (one outcome); SMTP Type is a list (SSL,
 * STARTTLS, None); the Email tab has Send test e-mail (with the values on screen) and the outbox
 * (waiting count, Recent e-mails). The stored password only goes with the saved server, port and
 * user name (common/mail-rules.ts): with any changed, the blank field says so. Saving changed
 * e-mail settings asks for "Your password" (the server takes a sign-in of the last 5 minutes instead).
 * Only an administrator changes where e-mail goes: for anyone else the Email tab's fields are
 * read-only under MAIL_ADMIN_ONLY_NOTE and Save Changes sends the company update alone.
 */
export default function SettingsScreen() {
  const { done } = useFeedback();
  const { busy, run } = useAction();
  const testing = useAction();
  const [outbox, setOutbox] = useState<Awaited<ReturnType<typeof api.getOutbox>> | null>(null);
  const loadOutbox = () => api.getOutbox().then(setOutbox, console.error);
  const fe = useFormErrors();
  const { can, holder, loaded } = useAbilities();
  // Where e-mail goes is an administrator's decision (the server answers 403 to anyone else's change).
  const mailEditable = holder.isAdmin;
  // ?tab=email opens the Email tab (the shell's e-mail notice links there).
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(window.location.search).get('tab') === 'email' ? 'email' : 'company'));
  const [company, setCompany] = useState<api.CompanySettings | null>(null);
  const [mail, setMail] = useState<api.EmailSettings | null>(null);
  // The e-mail settings as saved: what the stored password belongs to, and whether the form changed them.
  const [savedMail, setSavedMail] = useState<api.EmailSettings | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const loadMail = () =>
    api.getEmail().then((s) => {
      setMail(s);
      setSavedMail(s);
      setCurrentPassword('');
    });
  // Changed since it loaded or was saved: leaving then asks first.
  const [changed, setChanged] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the screen opens
  useEffect(() => {
    api.getCompany().then(setCompany, console.error);
    loadMail().catch(console.error);
    void loadOutbox();
  }, []);

  // The spec's two updates (admin-area §7): the company's, then the e-mail's when that tab is
  // loaded. A refused e-mail update leaves the company saved and the e-mail form as typed, its
  // errors under its fields; the toast is the last update's message.
  const save = () => {
    if (!company) return;
    void run(
      async () => {
        let r = await api.saveCompany(company);
        setCompany(await api.getCompany());
        if (mail && mailEditable) {
          r = await api.saveEmail(mail, currentPassword);
          await loadMail();
        }
        setChanged(false);
        void loadOutbox();
        return r;
      },
      {
        onError: (err) => {
          fe.fromServer(err);
          void loadOutbox();
        },
      },
    );
  };

  const sendTest = () => {
    if (!mail) return;
    void testing.run(() => api.sendTest(mail), {
      onError: (err) => {
        fe.fromServer(err);
        void loadOutbox();
      },
      onSuccess: () => void loadOutbox(),
    });
  };

  const c = (k: keyof api.CompanySettings) => ({
    value: company?.[k] ?? '',
    onChange: (e: { target: { value: string } }) => {
      setChanged(true);
      setCompany((s) => s && { ...s, [k]: e.target.value });
    },
  });
  const m = (k: keyof api.EmailSettings) => ({
    value: String(mail?.[k] ?? ''),
    onChange: (e: { target: { value: string } }) => {
      setChanged(true);
      setMail((s) => s && { ...s, [k]: e.target.value });
    },
  });

  const FIELDS = ['smtp_server', 'smtp_email', 'smtp_username', 'smtp_password', 'smtp_port', 'smtp_type'] as const;
  const mailChanged = !!mail && !!savedMail && FIELDS.some((f) => String(mail[f] ?? '') !== String(savedMail[f] ?? ''));
  const retype = !!mail && !!savedMail && savedMail.smtp_password_set && mail.smtp_password === '' && !storedPasswordApplies(savedMail, mail);

  return (
    <>
      <PageHeader
        title={t('admin.settings.title')}
        crumbs={[{ label: t('nav.home'), href: '~/admin' }, { label: t('admin.settings.title') }]}
        actions={
          can('settings.edit') && (
            <Button busy={busy} disabled={!company} onClick={() => void save()}>
              {t('admin.settings.save')}
            </Button>
          )
        }
      />
      <div className="card settings">
        <div className="tabs" role="tablist">
          <button
            type="button"
            role="tab"
            className="tab"
            id="tab-company"
            aria-controls="panel-company"
            aria-selected={tab === 'company'}
            onClick={() => setTab('company')}
          >
            {t('admin.settings.company')}
          </button>
          {mail && (
            <button
              type="button"
              role="tab"
              className="tab"
              id="tab-email"
              aria-controls="panel-email"
              aria-selected={tab === 'email'}
              onClick={() => setTab('email')}
            >
              {t('admin.settings.email')}
            </button>
          )}
        </div>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          {tab === 'company' && (
            <div role="tabpanel" id="panel-company" aria-labelledby="tab-company">
              {!company ? (
                <p className="muted" role="status">
                  <span className="spinner" aria-hidden="true" /> {t('app.loading')}
                </p>
              ) : (
                <div className="form-row">
                  <div className="field logo-field">
                    <span>{t('admin.settings.logo')}</span>
                    {company.logo && <img className="logo-preview" src={company.logo} alt={t('admin.settings.currentLogo')} />}
                    <input
                      type="file"
                      aria-label={t('admin.settings.logo')}
                      accept="image/png,image/jpeg,image/webp"
                      onChange={(e) => {
                        const f = e.target.files?.[0];
                        if (f) readDataUrl(f).then((logo) => setCompany((s) => s && { ...s, logo }), console.error);
                      }}
                    />
                    <small className="muted">{t('admin.settings.logoHint')}</small>
                  </div>
                  <FormField bind={fe.field('name')} label={t('admin.settings.name')}>
                    <input name="name" {...c('name')} />
                  </FormField>
                  <FormField bind={fe.field('primary_mail')} label={t('admin.settings.primaryMail')}>
                    <input name="primary_mail" type="email" {...c('primary_mail')} />
                  </FormField>
                  <FormField bind={fe.field('sales_mail')} label={t('admin.settings.salesMail')}>
                    <input name="sales_mail" type="email" {...c('sales_mail')} />
                  </FormField>
                  <FormField bind={fe.field('phone')} label={t('admin.settings.phone')}>
                    <input name="phone" type="tel" {...c('phone')} />
                  </FormField>
                  <FormField bind={fe.field('address')} label={t('admin.settings.address')} className="field-wide">
                    <textarea name="address" rows={3} {...c('address')} />
                  </FormField>
                </div>
              )}
            </div>
          )}
          {tab === 'email' && mail && (
            <div role="tabpanel" id="panel-email" aria-labelledby="tab-email" className="form-row">
              {loaded && !mailEditable && (
                <p className="field-wide muted" role="note">
                  {t('sweep.settings.adminOnlyNote')}
                </p>
              )}
              <FormField bind={fe.field('smtp_server')} label={t('admin.settings.smtpServer')}>
                <input name="smtp_server" readOnly={!mailEditable} {...m('smtp_server')} />
              </FormField>
              <FormField bind={fe.field('smtp_email')} label={t('admin.settings.smtpEmail')}>
                <input name="smtp_email" type="email" readOnly={!mailEditable} {...m('smtp_email')} />
              </FormField>
              <FormField bind={fe.field('smtp_username')} label={t('admin.settings.smtpUsername')}>
                <input name="smtp_username" autoComplete="off" readOnly={!mailEditable} {...m('smtp_username')} />
              </FormField>
              <FormField
                bind={fe.field('smtp_password')}
                label={t('admin.settings.smtpPassword')}
                hintId={retype ? 'smtp-password-hint' : undefined}
                hint={
                  retype && (
                    <small id="smtp-password-hint" className="field-hint">
                      {t('sweep.settings.retypePassword')}
                    </small>
                  )
                }
              >
                <input
                  name="smtp_password"
                  type="password"
                  autoComplete="new-password"
                  readOnly={!mailEditable}
                  placeholder={mail.smtp_password_set && !retype ? (mailEditable ? t('admin.settings.storedKeep') : t('admin.settings.stored')) : ''}
                  {...m('smtp_password')}
                />
              </FormField>
              <FormField bind={fe.field('smtp_port')} label={t('admin.settings.smtpPort')}>
                <input name="smtp_port" inputMode="numeric" readOnly={!mailEditable} {...m('smtp_port')} />
              </FormField>
              <FormField bind={fe.field('smtp_type')} label={t('admin.settings.smtpType')}>
                <select name="smtp_type" disabled={!mailEditable} {...m('smtp_type')}>
                  <option value="">{t('admin.settings.select')}</option>
                  {SMTP_TYPES.map((ty) => (
                    <option key={ty.value} value={ty.value}>
                      {ty.value === 'none' ? t('sweep.smtp.none') : ty.label}
                    </option>
                  ))}
                </select>
              </FormField>
              {mailEditable && mailChanged && (
                <FormField
                  bind={fe.field('current_password')}
                  label={t('admin.settings.yourPassword')}
                  hintId="current-password-hint"
                  hint={
                    <small id="current-password-hint" className="field-hint">
                      {t('admin.settings.yourPasswordHint')}
                    </small>
                  }
                >
                  <input
                    name="current_password"
                    type="password"
                    autoComplete="current-password"
                    value={currentPassword}
                    onChange={(e) => setCurrentPassword(e.target.value)}
                  />
                </FormField>
              )}
              {can('settings.edit') && (
                <div className="field field-wide send-test">
                  <Button variant="secondary" busy={testing.busy} onClick={sendTest}>
                    {t('admin.settings.sendTest')}
                  </Button>
                  <small className="muted">{t('admin.settings.sendTestHint')}</small>
                </div>
              )}
              <div className="field-wide">
                <OutboxPanel outbox={outbox} />
              </div>
            </div>
          )}
          <button type="submit" hidden />
        </form>
      </div>
      <LeaveGuard dirty={changed} />
    </>
  );
}
