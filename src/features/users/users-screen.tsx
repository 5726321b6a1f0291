import '../../lib/messages/admin.ts';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { CrudScreen } from '../../components/crud-screen.tsx';
import { CrudFormModal } from '../../components/crud-modals.tsx';
import { Button } from '../../components/button.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { FormField } from '../../components/form-field.tsx';
import { useAbilities } from '../../components/use-abilities.ts';
import { email, required, selected, strongPassword } from '../../lib/validators.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAction } from '../../components/use-action.ts';
import { useImportJob } from '../../components/use-import-job.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import * as api from './api.ts';
import { useLoad } from '../../components/use-load.ts';
import { lazyPart } from '../../components/lazy-part.tsx';
import { t } from '../../lib/i18n.ts';

/** Import Users, fetched when first opened: with its sheet preview, most visits of the list never use it. */
const ImportUsersModal = lazyPart(() => import('./import-users-modal.tsx').then((m) => m.ImportUsersModal));
/** The Access explanation (what a user can open and do, and why) opens on demand: a part loaded then. */
const AccessModal = lazyPart(() => import('./access-modal.tsx').then((m) => m.AccessModal));
// Fetched only when there is an import to tell of (or the list is filtered by one).
const ImportBanner = lazyPart(() => import('./import-banner.tsx').then((m) => m.ImportBanner));

/** Said instead of "0 users", an empty Users list and an empty Role list when the signed-in role may manage no role: what to ask for. */
export const noRoleToManage = () => t('admin.users.noRoleToManage');

const EMPTY: api.UserForm = { name: '', email: '', password: '', role: '0', access: '' };
/** The two ways a new user gets in, as Add User asks. */
const ACCESS = { invite: 'admin.users.accessInvite', password: 'admin.users.accessPassword' } as const;

/** Whether a user's two-step sign-in is on: an authenticator app or a passkey. */
const twoStepOn = (s: api.UserTwoStep) => s.app || s.passkeys > 0;
/** Edit User's line on the user's two-step sign-in: which factors, or off. */
export function twoStepText(s: api.UserTwoStep) {
  if (!twoStepOn(s)) return t('admin.users.twoStepOff');
  if (!s.passkeys) return t('admin.users.twoStepOnApp');
  return t(s.app ? 'admin.users.twoStepOnBoth' : 'admin.users.twoStepOnPasskeys', { count: s.passkeys });
}

/**
 * Users (admin-area §2 "Users list"): Sl.No, Name, Email, Role (first role's name), Edit and
 * Delete; ADD User and Import User. Add / Edit User with Name, Email, Password and the Role
 * select (Select = 0). Add asks first "Send an invitation by e-mail" or "Set a password now"
 * (docs/extensions.md): the invitation leaves the password blank and the user gets an e-mail to
 * choose one (the list shows "Invited" with Resend invitation); it comes first, and is chosen,
 * when the saved SMTP settings can send (read only with View settings). "Set a password now" is
 * the spec's path: the password is required. On Edit a blank password is kept. A password follows
 * the shared rule (src/common/password.ts), whose text shows only where a password is typed. ADD, Import, Edit and Delete show
 * only with the matching ability; the Role select offers only the roles the user may give.
 * With Edit users, each row's Access opens the Access view (why the user can or cannot),
 * and Edit User says the user's two-step sign-in (twoStepText, and whether their codes are locked),
 * offering "Reset two-step sign-in" while a factor is set up and "Unlock sign-in codes" only while
 * the codes are locked (docs/security.md "Two-step sign-in"). A "Two-step" badge beside the name
 * marks the users with two-step sign-in on; the list filters by role and by two-step sign-in on or off. Above the list, the notice of the user's latest
 * import of the last 24 hours (import-banner.tsx) offers its users and its Undo.
 */
export default function UsersScreen() {
  const list = useList(api.users.list, api.USER_LIST);
  const [roles, setRoles] = useState<{ id: number; name: string }[] | null>(null);
  const [importing, setImporting] = useState(false);
  /** The user whose Access view is open. */
  const [accessOf, setAccessOf] = useState<{ id: number; name: string } | null>(null);
  /** The signed-in user's latest users import of the last 24 hours, for the notice above the list. */
  const recent = useLoad(() => api.recentUserImport(), []);
  const abilities = useAbilities();
  const { can, assignable, holder } = abilities;
  // A failed read leaves no role to offer (as before) but lets the screen show (CrudScreen's `ready`).
  useEffect(() => {
    api.allRoles().then(setRoles, (err: unknown) => {
      console.error(err);
      setRoles([]);
    });
  }, []);
  /** Whether e-mail can be sent (null: not known, without View settings or while it loads). */
  const [mailWorks, setMailWorks] = useState<boolean | null>(null);
  const mayReadMail = can('settings.view');
  useEffect(() => {
    if (mayReadMail) api.mailReady().then(setMailWorks, () => setMailWorks(null));
  }, [mayReadMail]);
  const { done, toast } = useFeedback();
  const resending = useAction();
  const resetting = useAction();
  const unlocking = useAction();
  /** The user whose two-step sign-in reset awaits confirmation. */
  const [resetOf, setResetOf] = useState<{ id: number; name: string } | null>(null);
  /** The two-step sign-in of the user being edited (GET user/{id}); null while adding or loading. */
  const [twoStep, setTwoStep] = useState<api.UserTwoStep | null>(null);
  /** Reads the edited user's two-step sign-in again after a reset or an unlock. */
  const reloadTwoStep = (id: number) => {
    api.getUser(id).then((u) => setTwoStep(u.two_step ?? null), console.error);
    void list.reload();
  };
  // The import runs on the server; its bar stays here when the modal closes or the page reloads.
  const importJob = useImportJob(
    api.USER_IMPORT_JOB_KEY,
    (job) => {
      if (job.state === 'done') {
        done(job.message);
        setImporting(false);
        recent.retry();
        void list.reload();
      } else toast.error(job.message);
    },
    'users',
  );

  // Until one is chosen, the invitation is the choice when e-mail is known to work.
  const inviting = (f: api.UserForm) => (f.access === '' ? mailWorks === true : f.access === 'invite');
  const crud = useCrud<api.UserForm>({
    empty: EMPTY,
    load: async (id) => {
      setTwoStep(null);
      const u = await api.getUser(id);
      setTwoStep(u.two_step ?? null);
      return { name: u.name, email: u.email, password: '', role: String(u.role), access: '' };
    },
    create: (f) => api.createUser(f, inviting(f)),
    update: api.updateUser,
    remove: api.deleteUser,
    checks: (f, mode) => ({
      name: required(f.name, t('admin.users.name')),
      email: email(f.email),
      // Add: an invitation needs none; set now, it is required (admin-area §5). Edit: blank keeps it.
      password:
        mode === 'add' && inviting(f)
          ? null
          : mode === 'add'
            ? (required(f.password, t('admin.users.password')) ?? strongPassword(f.password))
            : f.password !== ''
              ? strongPassword(f.password)
              : null,
      role: selected(f.role, t('admin.users.role')),
    }),
    list,
  });
  const { state } = crud;
  const f = state.form;
  const invite = state.mode === 'add' && inviting(f);
  const order = mailWorks ? (['invite', 'password'] as const) : (['password', 'invite'] as const);
  // Organiser users (role company) are managed from Organizers; their role shows only when editing one.
  // Others may give only the roles user/get lists as assignable; a user's current role still shows on edit.
  const options = (roles ?? []).filter((r) => String(r.id) === f.role || (r.name !== 'company' && !!assignable?.includes(r.id)));
  // Its "Role can access to" list gives it no role to manage: say so rather than show empty lists.
  const managesNone = !holder.isAdmin && assignable !== null && assignable.length === 0;
  // The Role filter offers the roles whose users the list may hold: every role for admin, else the assignable ones.
  const filterRoles = (roles ?? []).filter((r) => holder.isAdmin || !!assignable?.includes(r.id));

  return (
    <CrudScreen
      title={t('admin.users.title')}
      addLabel={t('admin.users.add')}
      resource="users"
      calls={api.users}
      list={list}
      crud={crud}
      abilities={abilities}
      ready={roles !== null}
      actions={
        can('users.import') && (
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('admin.users.import')}
          </Button>
        )
      }
      notice={
        <>
          {importJob.running && !importing && <ImportProgress job={importJob.job} label={t('admin.users.importProgress')} />}
          {(recent.data || list.lq.query.filters.import_job) && (
            <ImportBanner
              recent={recent.data}
              filter={list.lq.query.filters.import_job}
              setFilter={(v) => list.lq.setFilter('import_job', v)}
              mayUndo={can('users.delete')}
              onUndone={() => {
                recent.retry();
                if (list.lq.query.filters.import_job) list.lq.setFilter('import_job', '');
                else void list.reload();
              }}
            />
          )}
        </>
      }
      rowActions={
        can('users.edit')
          ? (u) => (
              <Button variant="link" onClick={() => setAccessOf(u)} aria-label={t('admin.users.accessOf', { name: u.name })}>
                {t('admin.users.access')}
              </Button>
            )
          : undefined
      }
      builtIn={(u) => (u.id === holder.id ? { reason: t('admin.users.cannotDeleteSelf'), edit: true, label: t('admin.users.you') } : undefined)}
      noun="user"
      searchLabel={t('admin.users.search')}
      filters={[
        { name: 'role', label: t('admin.users.role'), options: filterRoles.map((r) => [String(r.id), r.name] as const) },
        {
          name: 'two_step',
          label: t('admin.users.twoStep'),
          options: [
            ['on', t('admin.users.on')],
            ['off', t('admin.users.off')],
          ] as const,
        },
      ]}
      label={(u) => u.name}
      emptyText={managesNone ? noRoleToManage() : t('admin.users.empty')}
      countText={managesNone ? '' : undefined}
      columns={[
        {
          header: t('admin.users.name'),
          cell: (u) => (
            <>
              {u.name}
              {u.two_step && twoStepOn(u.two_step) && (
                <>
                  {' '}
                  <span className="badge badge-success" title={t('admin.users.twoStepOnTitle')}>
                    {t('admin.users.twoStep')}
                  </span>
                </>
              )}
            </>
          ),
          sort: 'name',
        },
        {
          header: t('admin.users.email'),
          cell: (u) => (
            <>
              {u.email}
              {u.invited && (
                <>
                  {' '}
                  <span className="badge badge-warning">{t('admin.users.invited')}</span>
                  {can('users.edit') && (
                    <>
                      {' '}
                      <Button variant="link" busy={resending.busy} onClick={() => void resending.run(() => api.resendInvitation(u.id))}>
                        {t('admin.users.resendInvitation')}
                      </Button>
                    </>
                  )}
                </>
              )}
            </>
          ),
          sort: 'email',
        },
        { header: t('admin.users.role'), cell: (u) => u.roles[0]?.name ?? '', sort: 'role' },
      ]}
      deleteTitle={t('admin.users.deleteTitle')}
      deleteText={t('admin.users.deleteText')}
    >
      <CrudFormModal
        crud={crud}
        history={abilities.can('activity.view') ? 'users' : undefined}
        titles={{ add: t('admin.users.addTitle'), edit: t('admin.users.editTitle') }}
        lease="users"
        conflictFields={[
          { name: 'name', label: t('admin.users.name') },
          { name: 'email', label: t('admin.users.email') },
        ]}
      >
        <fieldset className="plain" disabled={state.loading}>
          <FormField bind={crud.fields.field('name')} label={t('admin.users.name')} required>
            <input
              name="name"
              value={f.name}
              placeholder={state.loading ? t('app.loading') : ''}
              autoComplete="off"
              onChange={(e) => crud.set({ name: e.target.value })}
            />
          </FormField>
          <FormField bind={crud.fields.field('email')} label={t('admin.users.email')} required>
            <input name="email" type="email" value={f.email} autoComplete="off" onChange={(e) => crud.set({ email: e.target.value })} />
          </FormField>
          {state.mode === 'add' && (
            <fieldset className="choice-group">
              <legend>{t('admin.users.howSignIn')}</legend>
              {order.map((k) => (
                <label key={k} className="check">
                  <input
                    type="radio"
                    name="access"
                    value={k}
                    checked={invite === (k === 'invite')}
                    onChange={() => crud.set({ access: k, ...(k === 'invite' ? { password: '' } : {}) })}
                  />
                  {t(ACCESS[k])}
                </label>
              ))}
              {invite && <small className="field-hint">{t('admin.users.inviteHint')}</small>}
              {invite && mailWorks === false && <small className="field-hint">{t('admin.users.mailNotReady')}</small>}
            </fieldset>
          )}
          {!invite && (
            <FormField
              bind={crud.fields.field('password')}
              label={t('admin.users.password')}
              required={state.mode === 'add'}
              {...(state.mode === 'add' || f.password !== ''
                ? {
                    hintId: 'user-password-rule',
                    hint: (
                      <small id="user-password-rule" className="field-hint">
                        {t('validation.password')}
                      </small>
                    ),
                  }
                : {})}
            >
              <input
                name="password"
                type="password"
                value={f.password}
                autoComplete="new-password"
                placeholder={state.mode === 'edit' ? t('admin.users.keepPassword') : ''}
                onChange={(e) => crud.set({ password: e.target.value })}
              />
            </FormField>
          )}
          <FormField
            bind={crud.fields.field('role')}
            label={t('admin.users.role')}
            required
            {...(managesNone && !options.length
              ? {
                  hintId: 'user-role-none',
                  hint: (
                    <small id="user-role-none" className="field-hint">
                      {noRoleToManage()}
                    </small>
                  ),
                }
              : {})}
          >
            <select name="role" value={f.role} onChange={(e) => crud.set({ role: e.target.value })}>
              <option value="0">{t('admin.users.select')}</option>
              {options.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.name}
                </option>
              ))}
            </select>
          </FormField>
          {state.mode === 'edit' && state.id !== null && twoStep && (
            <section className="user-two-step" aria-labelledby="user-two-step-title">
              <h3 id="user-two-step-title">{t('admin.users.twoStepSignIn')}</h3>
              <p data-testid="user-two-step-state">{twoStepText(twoStep)}</p>
              {twoStep.locked && (
                <p className="form-note" role="status">
                  {t('admin.users.codesLocked')}
                </p>
              )}
              {can('users.edit') && (twoStepOn(twoStep) || twoStep.locked) && (
                <p className="field-hint">
                  {twoStepOn(twoStep) && (
                    <>
                      {t('admin.users.lostFactors')}{' '}
                      <Button variant="link" onClick={() => setResetOf({ id: state.id!, name: f.name })}>
                        {t('admin.users.resetTwoStep')}
                      </Button>{' '}
                    </>
                  )}
                  {twoStep.locked && (
                    <Button
                      variant="link"
                      busy={unlocking.busy}
                      onClick={() => {
                        const id = state.id!;
                        void unlocking.run(() => api.unlockTwoStep(id), { onSuccess: () => reloadTwoStep(id) });
                      }}
                    >
                      {t('admin.users.unlockCodes')}
                    </Button>
                  )}
                </p>
              )}
            </section>
          )}
        </fieldset>
      </CrudFormModal>
      {resetOf && (
        <ConfirmModal
          title={t('admin.users.resetTwoStep')}
          confirmLabel={t('admin.users.reset')}
          busy={resetting.busy}
          onClose={() => setResetOf(null)}
          text={t('admin.users.resetAsk', { name: resetOf.name })}
          onConfirm={() =>
            void resetting.run(() => api.resetTwoStep(resetOf.id), {
              onSuccess: () => {
                setResetOf(null);
                reloadTwoStep(resetOf.id);
              },
            })
          }
        />
      )}
      {accessOf && <AccessModal user={accessOf} onClose={() => setAccessOf(null)} />}
      {importing && <ImportUsersModal onClose={() => setImporting(false)} importJob={importJob} roles={roles} assignable={assignable} />}
    </CrudScreen>
  );
}
