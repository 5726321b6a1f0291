import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Modal } from '../../components/modal.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { required } from '../../lib/validators.ts';
import * as api from './api.ts';

const EMPTY: api.RoleForm = { name: '', permissions: [], roles: [] };
const toggle = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

/**
 * Roles (admin-area §2 "Roles list"): Sl.No, Name, Attached Roles (empty), Edit and Delete;
 * Add / Edit Role with Role name and the Permissions and "Role can access to" checklists
 * (Edit prechecks both; opening resets them); Delete: "Do you want to delete the role?".
 */
export default function RolesScreen() {
  const list = usePagedList(api.listRoles);
  const [permissions, setPermissions] = useState<api.Named[] | null>(null);
  const [roles, setRoles] = useState<api.Named[] | null>(null);
  const loadChoices = useCallback(() => {
    api.allPermissions().then(setPermissions, console.error);
    api.allRoles().then(setRoles, console.error);
  }, []);
  useEffect(loadChoices, [loadChoices]);

  const crud = useCrud<api.RoleForm>({
    empty: EMPTY,
    load: async (id) => {
      const r = await api.getRole(id);
      return { name: r.name, permissions: r.permissions.map((p) => p.id), roles: r.accessroles.map((a) => a.id) };
    },
    create: api.createRole,
    update: api.updateRole,
    remove: api.deleteRole,
    checks: (f) => [required(f.name, 'Role name')],
    changed: () => { void list.reload(); loadChoices(); },
    addedMessage: 'Added successfully',
  });
  const { state } = crud;
  const f = state.form;

  const checklist = (legend: string, items: api.Named[] | null, key: 'permissions' | 'roles') => (
    <fieldset className="checklist" disabled={state.loading}>
      <legend>{legend}</legend>
      {items === null && <p className="muted">Loading…</p>}
      {items?.length === 0 && <p className="muted">None yet.</p>}
      {items?.map((it) => (
        <label key={it.id} className="check">
          <input type="checkbox" checked={f[key].includes(it.id)} onChange={(e) => crud.set({ [key]: toggle(f[key], it.id, e.target.checked) })} />
          {it.name}
        </label>
      ))}
    </fieldset>
  );

  return (
    <>
      <PageHeader title="Roles" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Roles' }]}
        actions={<Button onClick={crud.openAdd}>ADD Role</Button>} />
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Attached Roles</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={4} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No roles yet." />
              {list.rows.map((r, i) => (
                <tr key={r.id}>
                  <td>{list.serial(i)}</td>
                  <td>{r.name}</td>
                  <td></td>
                  <td className="actions">
                    <Button variant="link" onClick={() => void crud.openEdit(r.id)} aria-label={`Edit ${r.name}`}>Edit</Button>
                    <Button variant="link" className="text-danger" onClick={() => crud.openDelete(r.id)} aria-label={`Delete ${r.name}`}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal title={state.mode === 'add' ? 'Add Role' : 'Edit Role'} onClose={crud.close} onSubmit={() => void crud.save()}
          footer={<><Button variant="secondary" onClick={crud.close}>Close</Button><Button type="submit" busy={state.busy} disabled={state.loading}>Save changes</Button></>}>
          <label className="field">
            <span>Role name</span>
            <input name="name" value={f.name} disabled={state.loading} placeholder={state.loading ? 'Loading…' : ''}
              onChange={(e) => crud.set({ name: e.target.value })} />
          </label>
          <div className="checklists">
            {checklist('Permissions', permissions, 'permissions')}
            {checklist('Role can access to', roles, 'roles')}
          </div>
        </Modal>
      )}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Role" text="Do you want to delete the role?" busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
