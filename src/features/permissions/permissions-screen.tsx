import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/button.tsx';
import { CrudTable } from '../../components/crud-table.tsx';
import { CrudDeleteModal, CrudFormModal } from '../../components/crud-modals.tsx';
import { useList } from '../../components/use-list.ts';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../components/bulk-bar.tsx';
import { useCrud } from '../../components/use-crud.ts';
import { FormField } from '../../components/form-field.tsx';
import { useAbilities } from '../../components/use-abilities.ts';
import { required } from '../../lib/validators.ts';
import * as api from './api.ts';

/**
 * Permissions (admin-area §2): Sl.No, Name, Attached Roles (empty), Edit and Delete per row,
 * ADD Permission; Add / Edit Permission modals with one input, Delete Permission confirmation.
 */
export default function PermissionsScreen() {
  const list = useList(api.permissions.list, api.PERMISSION_LIST);
  const { can, rowControls } = useAbilities();
  const crud = useCrud({
    empty: { name: '' },
    load: async (id) => ({ name: (await api.getPermission(id)).name }),
    create: (f) => api.createPermission(f.name),
    update: (id, f) => api.updatePermission(id, f.name),
    remove: api.deletePermission,
    checks: (f) => ({ name: required(f.name, 'Permission name') }),
    changed: () => void list.reload(),
    added: list.showNew,
    addedMessage: 'Added successfully',
  });
  const { state } = crud;

  return (
    <>
      <PageHeader title="Permissions" crumbs={[{ label: 'Home', href: '~/admin' }, { label: 'Permissions' }]}
        actions={can('permissions.create') && <Button onClick={crud.openAdd}>ADD Permission</Button>} />
      <CrudTable list={list} label={(p) => p.name} {...rowControls('permissions', crud)}
         emptyText="No permissions yet."
        toolbar={
          <ListToolbar list={list} noun="permission" searchLabel="Search name" onExport={can('permissions.view') ? () => api.permissions.exportCsv(list.lq.params) : undefined}>
            {can('permissions.delete') && <BulkBar list={list} noun="permission" actions={[bulkDelete(api.permissions.bulkDelete)]} />}
          </ListToolbar>
        }
        columns={[{ header: 'Name', cell: (p) => p.name, sort: 'name' }, { header: 'Attached Roles', cell: () => null }]} />

      <CrudFormModal crud={crud} titles={{ add: 'Add Permission', edit: 'Edit Permission' }}>
        <FormField bind={crud.fields.field('name')} label="Permission name" required>
          <input name="name" value={state.form.name} disabled={state.loading} placeholder={state.loading ? 'Loading…' : ''}
            onChange={(e) => crud.set({ name: e.target.value })} />
        </FormField>
      </CrudFormModal>
      <CrudDeleteModal crud={crud} title="Delete Permission" text="Do you want to delete the permission?" kind="permission"
        nameOf={(id) => list.rows.find((r) => r.id === id)?.name} />
    </>
  );
}
