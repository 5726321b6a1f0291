import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { email, required, strongPassword } from '../../lib/validators.ts';
import { PASSWORD_MESSAGE } from '../../common/password.ts';
import * as api from './api.ts';

const EMPTY: api.ProfileForm = { name: '', email: '', phone: '', password: '', description: '' };

/**
 * Organizer Profile (organiser-console §2, §5): Name, Email (read-only), Phone, Password and
 * Description with Update Profile. Name not empty, e-mail valid, phone not empty (Whoops toast);
 * the password is sent only when not empty and cleared after a successful update. A failed save
 * keeps what was typed.
 */
export default function ProfileScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const loaded = useLoad(async () => {
    const o = await api.getOrganiser(companyId);
    return { name: o.name, email: o.email, phone: o.phone, password: '', description: o.description ?? '' };
  }, [companyId]);
  const { loading } = loaded;
  const form = loaded.data ?? EMPTY;
  const set = (patch: Partial<api.ProfileForm>) => loaded.setData({ ...form, ...patch });
  const { invalid } = useFeedback();
  const { busy, run } = useAction();

  function save() {
    if (busy || loading) return;
    if (invalid(required(form.name, 'Name'), email(form.email), required(form.phone, 'Phone'), form.password ? strongPassword(form.password) : null)) return;
    void run(() => api.updateOrganiser(companyId, form), { onSuccess: () => set({ password: '' }) });
  }

  return (
    <>
      <PageHeader title="Organizer Profile" crumbs={[{ label: 'Home', href: `~/admin/organizer/${companyId}` }, { label: 'Organizer Profile' }]} />
      <form className="card org-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} aria-busy={loading}>
        <div className="form-row">
          <label className="field"><span>Name</span>
            <input name="name" value={form.name} disabled={loading} onChange={(e) => set({ name: e.target.value })} autoComplete="organization" />
          </label>
          <label className="field"><span>Email</span>
            <input name="email" type="email" value={form.email} readOnly />
          </label>
        </div>
        <div className="form-row">
          <label className="field"><span>Phone</span>
            <input name="phone" type="tel" value={form.phone} disabled={loading} onChange={(e) => set({ phone: e.target.value })} autoComplete="tel" />
          </label>
          <label className="field"><span>Password</span>
            <input name="password" type="password" value={form.password} disabled={loading} autoComplete="new-password"
              aria-describedby="profile-password-rule"
              placeholder="Leave empty to keep the current password" onChange={(e) => set({ password: e.target.value })} />
            <small id="profile-password-rule" className="field-hint">{PASSWORD_MESSAGE}</small>
          </label>
        </div>
        <label className="field"><span>Description</span>
          <textarea name="description" value={form.description} disabled={loading} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <Button type="submit" busy={busy} disabled={loading}>Update Profile</Button>
      </form>
    </>
  );
}
