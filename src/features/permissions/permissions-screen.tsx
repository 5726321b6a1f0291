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

/**
 * Permissions (admin-area §2): Sl.No, Name, Attached Roles (empty), Edit and Delete per row,
 * ADD Permission; Add / Edit Permission modals with one input, Delete Permission confirmation.
 */
export default function PermissionsScreen() {
  const list = usePagedList(api.listPermissions);
  const crud = useCrud({
    empty: { name: '' },
    load: async (id) => ({ name: (await api.getPermission(id)).name }),
    create: (f) => api.createPermission(f.name),
    update: (id, f) => api.updatePermission(id, f.name),
    remove: api.deletePermission,
    checks: (f) => [required(f.name, 'Permission name')],
    changed: () => void list.reload(),
    addedMessage: 'Added successfully',
  });
  const { state } = crud;

  return (
    <>
      <PageHeader title="Permissions" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Permissions' }]}
        actions={<Button onClick={crud.openAdd}>ADD Permission</Button>} />
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Attached Roles</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={4} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No permissions yet." />
              {list.rows.map((p, i) => (
                <tr key={p.id}>
                  <td>{list.serial(i)}</td>
                  <td>{p.name}</td>
                  <td></td>
                  <td className="actions">
                    <Button variant="link" onClick={() => void crud.openEdit(p.id)} aria-label={`Edit ${p.name}`}>Edit</Button>
                    <Button variant="link" className="text-danger" onClick={() => crud.openDelete(p.id)} aria-label={`Delete ${p.name}`}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal title={state.mode === 'add' ? 'Add Permission' : 'Edit Permission'} onClose={crud.close} onSubmit={() => void crud.save()}
          footer={<><Button variant="secondary" onClick={crud.close}>Close</Button><Button type="submit" busy={state.busy} disabled={state.loading}>Save changes</Button></>}>
          <label className="field">
            <span>Permission name</span>
            <input name="name" value={state.form.name} disabled={state.loading} placeholder={state.loading ? 'Loading…' : ''}
              onChange={(e) => crud.set({ name: e.target.value })} />
          </label>
        </Modal>
      )}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Permission" text="Do you want to delete the permission?" busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
