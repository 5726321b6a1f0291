import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Modal } from '../../components/modal.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { email, required, selected } from '../../lib/validators.ts';
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
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={5} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No users yet." />
              {list.rows.map((u, i) => (
                <tr key={u.id}>
                  <td>{list.serial(i)}</td>
                  <td>{u.name}</td>
                  <td>{u.email}</td>
                  <td>{u.roles[0]?.name ?? ''}</td>
                  <td className="actions">
                    <Button variant="link" onClick={() => void crud.openEdit(u.id)} aria-label={`Edit ${u.name}`}>Edit</Button>
                    <Button variant="link" className="text-danger" onClick={() => crud.openDelete(u.id)} aria-label={`Delete ${u.name}`}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal title={state.mode === 'add' ? 'Add User' : 'Edit User'} onClose={crud.close} onSubmit={() => void crud.save()}
          footer={<><Button variant="secondary" onClick={crud.close}>Close</Button><Button type="submit" busy={state.busy} disabled={state.loading}>Save changes</Button></>}>
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
        </Modal>
      )}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete User" text="Do you want to delete the user?" busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
      {importing && <ImportUsersModal onClose={() => setImporting(false)} onImported={() => { setImporting(false); void list.reload(); }} />}
    </>
  );
}
