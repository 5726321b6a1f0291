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
 * Pages (admin-area §2 "Pages list"): Sl.No, Name (the page title), Attached Roles (empty), Edit
 * and Delete; Add / Edit Page with a Title input and a Content textarea; Delete: "Do you want
 * to delete the page?".
 */
export default function PagesScreen() {
  const list = useList(api.pages.list, api.PAGE_LIST);
  const { can, rowControls } = useAbilities();
  const crud = useCrud<api.PageForm>({
    empty: { title: '', content: '' },
    load: async (id) => { const p = await api.getPage(id); return { title: p.title, content: p.content }; },
    create: api.createPage,
    update: api.updatePage,
    remove: api.deletePage,
    checks: (f) => ({ title: required(f.title, 'Title'), content: required(f.content, 'Content') }),
    changed: () => void list.reload(),
    added: list.showNew,
  });
  const { state } = crud;

  return (
    <>
      <PageHeader title="Pages" crumbs={[{ label: 'Home', href: '~/admin' }, { label: 'Pages' }]}
        actions={can('pages.create') && <Button onClick={crud.openAdd}>ADD Page</Button>} />
      <CrudTable list={list} label={(p) => p.title} {...rowControls('pages', crud)}
         emptyText="No pages yet."
        toolbar={
          <ListToolbar list={list} noun="page" searchLabel="Search title" onExport={can('pages.view') ? () => api.pages.exportCsv(list.lq.params) : undefined}>
            {can('pages.delete') && <BulkBar list={list} noun="page" actions={[bulkDelete(api.pages.bulkDelete)]} />}
          </ListToolbar>
        }
        columns={[{ header: 'Name', cell: (p) => p.title, sort: 'title' }, { header: 'Attached Roles', cell: () => null }]} />

      <CrudFormModal crud={crud} titles={{ add: 'Add Page', edit: 'Edit Page' }} size="lg">
        <FormField bind={crud.fields.field('title')} label="Title" required>
          <input name="title" value={state.form.title} disabled={state.loading} placeholder={state.loading ? 'Loading…' : 'Enter title here'}
            onChange={(e) => crud.set({ title: e.target.value })} />
        </FormField>
        <FormField bind={crud.fields.field('content')} label="Content" required>
          <textarea name="content" rows={10} value={state.form.content} disabled={state.loading} placeholder="Enter content here"
            onChange={(e) => crud.set({ content: e.target.value })} />
        </FormField>
      </CrudFormModal>
      <CrudDeleteModal crud={crud} title="Delete Page" text="Do you want to delete the page?" kind="page"
        nameOf={(id) => list.rows.find((r) => r.id === id)?.title} />
    </>
  );
}
