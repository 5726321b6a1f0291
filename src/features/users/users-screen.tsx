import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { CrudTable } from '../../components/crud-table.tsx';
import { CrudDeleteModal, CrudFormModal } from '../../components/crud-modals.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { email, required, selected } from '../../lib/validators.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { useImportJob } from '../../components/use-import-job.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import { ImportUsersModal } from './import-users-modal.tsx';
import * as api from './api.ts';

const EMPTY: api.UserForm = { name: '', email: '', password: '', role: '0' };

/**
 * Users (admin-area §2 "Users list"): Sl.No, Name, Email, Role (first role's name), Edit and
 * Delete; ADD User and Import User. Add / Edit User with Name, Email, Password and the Role
 * select (Select = 0); on edit the password is optional and sent only when not empty.
 */
export default function UsersScreen() {
  const list = usePagedList(api.listUsers);
  const [roles, setRoles] = useState<{ id: number; name: string }[] | null>(null);
  const [importing, setImporting] = useState(false);
  useEffect(() => { api.allRoles().then(setRoles, console.error); }, []);
  const { done, toast } = useFeedback();
  // The import runs on the server; its bar stays here when the modal closes or the page reloads.
  const importJob = useImportJob(api.USER_IMPORT_JOB_KEY, (job) => {
    if (job.state === 'done') { done(job.message); setImporting(false); void list.reload(); } else toast.error(job.message);
  }, 'users');

  const crud = useCrud<api.UserForm>({
    empty: EMPTY,
    load: async (id) => {
      const u = await api.getUser(id);
      return { name: u.name, email: u.email, password: '', role: String(u.role) };
    },
    create: api.createUser,
    update: api.updateUser,
    remove: api.deleteUser,
    checks: (f, mode) => [
      required(f.name, 'Name'), email(f.email), mode === 'add' ? required(f.password, 'Password') : null, selected(f.role, 'Role'),
    ],
    changed: () => void list.reload(),
  });
  const { state } = crud;
  const f = state.form;
  // Organiser users (role company) are managed from Organizers; their role shows only when editing one.
  const options = (roles ?? []).filter((r) => r.name !== 'company' || String(r.id) === f.role);

  return (
    <>
      <PageHeader title="Users" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Users' }]}
        actions={<><Button onClick={crud.openAdd}>ADD User</Button><Button variant="secondary" onClick={() => setImporting(true)}>Import User</Button></>} />
      {importJob.running && !importing && <ImportProgress job={importJob.job} label="User import progress" />}
      <CrudTable list={list} label={(u) => u.name} onEdit={(id) => void crud.openEdit(id)} onDelete={crud.openDelete} emptyText="No users yet."
        columns={[{ header: 'Name', cell: (u) => u.name }, { header: 'Email', cell: (u) => u.email }, { header: 'Role', cell: (u) => u.roles[0]?.name ?? '' }]} />

      <CrudFormModal crud={crud} titles={{ add: 'Add User', edit: 'Edit User' }}>
        <fieldset className="plain" disabled={state.loading}>
          <label className="field"><span>Name</span>
            <input name="name" value={f.name} placeholder={state.loading ? 'Loading…' : ''} autoComplete="off" onChange={(e) => crud.set({ name: e.target.value })} />
          </label>
          <label className="field"><span>Email</span>
            <input name="email" type="email" value={f.email} autoComplete="off" onChange={(e) => crud.set({ email: e.target.value })} />
          </label>
          <label className="field"><span>Password</span>
            <input name="password" type="password" value={f.password} autoComplete="new-password"
              placeholder={state.mode === 'edit' ? 'Leave blank to keep the current password' : ''} onChange={(e) => crud.set({ password: e.target.value })} />
          </label>
          <label className="field"><span>Role</span>
            <select name="role" value={f.role} onChange={(e) => crud.set({ role: e.target.value })}>
              <option value="0">Select</option>
              {options.map((r) => <option key={r.id} value={String(r.id)}>{r.name}</option>)}
            </select>
          </label>
        </fieldset>
      </CrudFormModal>
      <CrudDeleteModal crud={crud} title="Delete User" text="Do you want to delete the user?" />
      {importing && <ImportUsersModal onClose={() => setImporting(false)} importJob={importJob} />}
    </>
  );
}
