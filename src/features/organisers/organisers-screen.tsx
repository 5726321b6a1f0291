import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { Modal } from '../../components/modal.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useDeleteImpact } from '../../components/use-delete-impact.ts';
import { Button, DeleteIconButton } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useCrud } from '../../components/use-crud.ts';
import { useAbilities } from '../../components/use-abilities.ts';
import { email, firstFailure, required, strongPassword } from '../../lib/validators.ts';
import { PASSWORD_MESSAGE } from '../../common/password.ts';
import { GENERIC_VALIDATION } from '../../lib/error-catalogue.ts';
import { writeStored } from '../../lib/storage.ts';
import * as api from './api.ts';

/** A new organiser starts at status 2 (admin-area §4). */
const EMPTY: api.OrganiserForm = { name: '', email: '', phone: '', password: '', description: '', status: '2' };
const notEditable = () => Promise.reject(new Error('Organisers are edited on their profile.'));

/**
 * Organizers (admin-area §2 "Organisers list"): Sl.No, Name (a link that stores the company id
 * and name and opens /admin/organizer/{id}), Status (Active when 1, else In-Active), a delete
 * icon per row with "Are you sure that you want to delete this organizer ?", and the Add
 * Organiser modal. An invalid Add shows the generic validation toast (admin-area §5); a
 * Forbidden answer shows the server's message (§6, §8).
 */
export default function OrganisersScreen() {
  const list = useList(api.organisers.list, api.ORGANISER_LIST);
  const { can } = useAbilities();
  const crud = useCrud<api.OrganiserForm>({
    empty: EMPTY,
    load: notEditable,
    create: api.createOrganiser,
    update: notEditable,
    remove: api.deleteOrganiser,
    checks: (f) => [firstFailure(required(f.name, 'Name'), email(f.email), required(f.password, 'Password'), strongPassword(f.password)) ? GENERIC_VALIDATION : null],
    changed: () => void list.reload(),
    added: list.showNew,
    deletedMessage: 'Organizer deleted successfully',
  });
  const { state } = crud;
  const impact = useDeleteImpact(state.mode === 'delete' && state.id ? { organizer_id: state.id } : null);
  const f = state.form;
  const open = (o: api.Organiser) => { writeStored('companyid', String(o.id)); writeStored('company_name', o.name); };

  return (
    <>
      <PageHeader title="Organizers" crumbs={[{ label: 'Home', href: '~/admin' }, { label: 'Organizers' }]}
        actions={can('organisers.create') && <Button onClick={crud.openAdd}>Add Organizer</Button>} />
      <div className="card">
        <ListToolbar list={list} noun="organizer" searchLabel="Search name or email" onExport={can('organisers.view') ? () => api.organisers.exportCsv(list.lq.params) : undefined}
          filters={[{ name: 'status', label: 'Status', options: [['1', 'Active'], ['0', 'In-Active']] }]}>
          {can('organisers.delete') && <BulkBar list={list} noun="organizer" actions={[bulkDelete(api.organisers.bulkDelete)]} />}
        </ListToolbar>
        <ListTable list={list} serial selectable={can('organisers.delete')} label={(o) => o.name} emptyText="No organizers yet."
          columns={[
            { header: 'Name', sort: 'name', cell: (o) => <Link href={`~/admin/organizer/${o.id}`} onClick={() => open(o)}>{o.name}</Link> },
            { header: 'Status', sort: 'status', cell: (o) => (o.status === 1 ? <span className="badge badge-success">Active</span> : <span className="badge badge-muted">In-Active</span>) },
          ]}
          actions={(o) => can('organisers.delete') && <DeleteIconButton name={o.name} onClick={() => crud.openDelete(o.id)} className="btn btn-link icon-delete" />} />
      </div>

      {state.mode === 'add' && (
        <Modal title="Add Organizer" size="lg" onClose={crud.close} onSubmit={() => void crud.save()}
          footer={<><Button variant="secondary" onClick={crud.close}>Close</Button><Button type="submit" busy={state.busy}>Save changes</Button></>}>
          <div className="form-row">
            <label className="field"><span>Name</span><input name="name" value={f.name} onChange={(e) => crud.set({ name: e.target.value })} /></label>
            <label className="field"><span>Email</span><input name="email" type="email" autoComplete="off" value={f.email} onChange={(e) => crud.set({ email: e.target.value })} /></label>
            <label className="field"><span>Phone</span><input name="phone" type="tel" value={f.phone} onChange={(e) => crud.set({ phone: e.target.value })} /></label>
            <label className="field"><span>Password</span><input name="password" type="password" autoComplete="new-password" value={f.password}
              aria-describedby="organizer-password-rule" onChange={(e) => crud.set({ password: e.target.value })} />
              <small id="organizer-password-rule" className="field-hint">{PASSWORD_MESSAGE}</small></label>
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
        <ConfirmModal title="Delete Organizer" text="Are you sure that you want to delete this organizer ?" detail={impact} busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
