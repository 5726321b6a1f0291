import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useState } from 'react';
import { useParams } from 'wouter';
import { LeaveGuard } from '../../components/leave-guard.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { email, required, strongPassword } from '../../lib/validators.ts';
import { sayStorage } from './storage-words.ts';
import { localTimeZone, timeZoneChoices, timeZoneProblem } from '../../common/time-zone.ts';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';

/** The form and, beside it, the organiser's storage (read only). */
type Loaded = api.ProfileForm & { storage?: api.Storage };
const EMPTY: Loaded = { name: '', email: '', phone: '', password: '', description: '', time_zone: '' };

/**
 * Organizer Profile (organiser-console §2, §5): Name, Email (read-only), Phone, Password,
 * Description and Time zone with Update Profile. Time zone: one of Intl's names, or not chosen
 * (then this browser's decides the organiser's today; common/time-zone.ts); it decides which
 * events are upcoming on the Events list and the dashboard. Name not empty, e-mail valid, phone not empty (Whoops toast);
 * the password is sent only when not empty and cleared after a successful update. A failed save
 * keeps what was typed. Below the form: the organiser's storage as "used of limit" (
 * templates, logos and recognition events count, the quota is the administrator's to set).
 */
/** The browser's own time zone, used while the organiser has chosen none. */
const browserZone = localTimeZone();
/** Intl's time zone names, with `saved` among them when Intl does not list it (an older alias). */
const zones = (saved: string): readonly string[] => {
  const all = timeZoneChoices();
  return saved && !all.includes(saved) ? [saved, ...all] : all;
};

export default function ProfileScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const loaded = useLoad(async () => {
    const o = await api.getOrganiser(companyId);
    return {
      name: o.name,
      email: o.email,
      phone: o.phone,
      password: '',
      description: o.description ?? '',
      time_zone: o.time_zone ?? '',
      storage: o.storage,
    } as Loaded;
  }, [companyId]);
  const { loading } = loaded;
  const form = loaded.data ?? EMPTY;
  // Changed since it loaded or was saved: leaving then asks first.
  const [changed, setChanged] = useState(false);
  const set = (patch: Partial<api.ProfileForm>) => {
    setChanged(true);
    loaded.setData({ ...form, ...patch });
  };
  const fe = useFormErrors();
  const { busy, run } = useAction();

  function save() {
    if (busy || loading) return;
    if (
      fe.check({
        name: required(form.name, t('organiser.profile.name')),
        email: email(form.email),
        phone: required(form.phone, t('organiser.profile.phone')),
        password: form.password ? strongPassword(form.password) : null,
        time_zone: timeZoneProblem(form.time_zone) ? t('organiser.profile.timeZoneUnknown') : null,
      })
    )
      return;
    void run(() => api.updateOrganiser(companyId, form), {
      onSuccess: () => {
        loaded.setData({ ...form, password: '' });
        setChanged(false);
      },
      onError: (err) => {
        fe.fromServer(err);
      },
    });
  }

  return (
    <>
      <PageHeader
        title={t('organiser.profile.title')}
        crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('organiser.profile.title') }]}
      />
      <form
        className="card org-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-busy={loading}
      >
        <div className="form-row">
          <FormField bind={fe.field('name')} label={t('organiser.profile.name')} required>
            <input name="name" value={form.name} disabled={loading} onChange={(e) => set({ name: e.target.value })} autoComplete="organization" />
          </FormField>
          <FormField bind={fe.field('email')} label={t('organiser.profile.email')}>
            <input name="email" type="email" value={form.email} readOnly />
          </FormField>
        </div>
        <div className="form-row">
          <FormField bind={fe.field('phone')} label={t('organiser.profile.phone')} required>
            <input name="phone" type="tel" value={form.phone} disabled={loading} onChange={(e) => set({ phone: e.target.value })} autoComplete="tel" />
          </FormField>
          <FormField
            bind={fe.field('password')}
            label={t('organiser.profile.password')}
            hintId="profile-password-rule"
            hint={
              <small id="profile-password-rule" className="field-hint">
                {t('validation.password')}
              </small>
            }
          >
            <input
              name="password"
              type="password"
              value={form.password}
              disabled={loading}
              autoComplete="new-password"
              placeholder={t('organiser.profile.passwordPlaceholder')}
              onChange={(e) => set({ password: e.target.value })}
            />
          </FormField>
        </div>
        <label className="field">
          <span>{t('organiser.profile.description')}</span>
          <textarea name="description" value={form.description} disabled={loading} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <FormField
          bind={fe.field('time_zone')}
          label={t('organiser.profile.timeZone')}
          hintId="profile-time-zone-rule"
          hint={
            <small id="profile-time-zone-rule" className="field-hint">
              {t('organiser.profile.timeZoneHint')}
            </small>
          }
        >
          <select name="time_zone" value={form.time_zone} disabled={loading} onChange={(e) => set({ time_zone: e.target.value })}>
            <option value="">{browserZone ? t('organiser.profile.notChosenBrowser', { zone: browserZone }) : t('organiser.profile.notChosenUtc')}</option>
            {zones(form.time_zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="submit" busy={busy} disabled={loading}>
          {t('organiser.profile.update')}
        </Button>
      </form>
      {form.storage && (
        <section className="card org-form" aria-labelledby="profile-storage">
          <h2 id="profile-storage" className="section-title">
            {t('organiser.profile.storage')}
          </h2>
          <p className="muted small">{t('organiser.profile.storageHint')}</p>
          <meter
            className="storage-meter"
            min={0}
            max={form.storage.limit}
            value={Math.min(form.storage.used, form.storage.limit)}
            aria-labelledby="profile-storage"
            aria-describedby="profile-storage-used"
          />
          <p id="profile-storage-used" data-storage-used>
            {sayStorage(form.storage.used, form.storage.limit)}
          </p>
        </section>
      )}
      <LeaveGuard dirty={changed} />
    </>
  );
}
