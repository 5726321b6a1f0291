import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Modal, ModalCloseButton } from '../../components/modal.tsx';
import { crudDirty } from '../../components/crud-reducer.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { email, firstFailure, required } from '../../lib/validators.ts';
import { GENERIC_VALIDATION } from '../../lib/error-catalogue.ts';
import { writeStored } from '../../lib/storage.ts';
import * as api from './api.ts';

/** A new organiser starts at status 2 (admin-area §4). */
const EMPTY: api.OrganizerForm = { name: '', email: '', phone: '', password: '', description: '', status: '2' };
const toForm = (o: api.Organizer): api.OrganizerForm =>
  ({ name: o.name, email: o.email, phone: o.phone, password: '', description: o.description ?? '', status: String(o.status) });

/**
 * Organizers (admin-area §2 "Organisers list"): Sl.No, Name (a link that stores the company id
 * and name and opens /admin/organizer/{id}), Status (Active when 1, else In-Active), a delete
 * icon per row with "Are you sure that you want to delete this organizer ?", and the Add
 * Organizer modal. Edit (admins) changes name, phone, description, password and the status
 * (Active / In-Active); the e-mail is read-only. Deleting asks for the organiser's name to be
 * typed. An invalid Add shows the generic validation toast (admin-area §5); a
 * Forbidden answer shows the server's message (§6, §8).
 */
export default function OrganizersScreen() {
  const list = usePagedList(api.listOrganizers);
  const crud = useCrud<api.OrganizerForm>({
    empty: EMPTY,
    load: async (id) => toForm(await api.getOrganizer(id)),
    create: api.createOrganizer,
    update: api.updateOrganizer,
    remove: api.deleteOrganizer,
    checks: (f, mode) => [(mode === 'add'
      ? firstFailure(required(f.name, 'Name'), email(f.email), required(f.password, 'Password'))
      : firstFailure(required(f.name, 'Name'), email(f.email), required(f.phone, 'Phone'))) ? GENERIC_VALIDATION : null],
    changed: () => void list.reload(),
    deletedMessage: 'Organizer deleted successfully',
  });
  const { state } = crud;
  const f = state.form;
  const open = (o: api.Organizer) => { writeStored('companyid', String(o.id)); writeStored('company_name', o.name); };

  return (
    <>
      <PageHeader title="Organizers" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Organizers' }]}
        actions={<Button onClick={crud.openAdd}>Add Organizer</Button>} />
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={4} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No organizers yet." />
              {list.rows.map((o, i) => (
                <tr key={o.id}>
                  <td>{list.serial(i)}</td>
                  <td><Link href={`~/admin/organizer/${o.id}`} onClick={() => open(o)}>{o.name}</Link></td>
                  <td>{o.status === 1 ? <span className="badge badge-success">Active</span> : <span className="badge badge-muted">In-Active</span>}</td>
                  <td className="actions">
                    <Button variant="link" onClick={() => void crud.openEdit(o.id)} aria-label={`Edit ${o.name}`} title="Edit">Edit</Button>
                    <Button variant="link" className="icon-delete" onClick={() => crud.openDelete(o.id)} aria-label={`Delete ${o.name}`} title="Delete">
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" /></svg>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal title={state.mode === 'add' ? 'Add Organizer' : 'Edit Organizer'} size="lg" onClose={crud.close} onSubmit={() => void crud.save()} dirty={crudDirty(state)}
          footer={<><ModalCloseButton /><Button type="submit" busy={state.busy} disabled={state.loading}>Save changes</Button></>}>
          <div className="form-row">
            <label className="field"><span>Name</span><input name="name" value={f.name} onChange={(e) => crud.set({ name: e.target.value })} /></label>
            <label className="field"><span>Email</span><input name="email" type="email" autoComplete="off" readOnly={state.mode === 'edit'} value={f.email} onChange={(e) => crud.set({ email: e.target.value })} /></label>
            <label className="field"><span>Phone</span><input name="phone" type="tel" value={f.phone} onChange={(e) => crud.set({ phone: e.target.value })} /></label>
            <label className="field"><span>Password</span><input name="password" type="password" autoComplete="new-password" placeholder={state.mode === 'edit' ? 'Leave empty to keep' : undefined} value={f.password} onChange={(e) => crud.set({ password: e.target.value })} /></label>
            <label className="field"><span>Status</span>
              <select name="status" value={f.status} onChange={(e) => crud.set({ status: e.target.value })}>
                <option value="2">Select</option>
                <option value="1">Active</option>
                <option value="0">In-Active</option>
              </select>
            </label>
          </div>
          <label className="field"><span>Description</span><textarea name="description" rows={4} value={f.description} onChange={(e) => crud.set({ description: e.target.value })} /></label>
        </Modal>
      )}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Organizer" text="Are you sure that you want to delete this organizer ?" busy={state.busy}
          item={{ kind: 'organizer', name: list.rows.find((o) => o.id === state.id)?.name ?? '', typeName: true }}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
