import { CrudScreen } from '../../components/crud-screen.tsx';
import { CrudFormModal } from '../../components/crud-modals.tsx';
import { useList } from '../../components/use-list.ts';
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
  const abilities = useAbilities();
  const crud = useCrud<api.PageForm>({
    empty: { title: '', content: '' },
    load: async (id) => { const p = await api.getPage(id); return { title: p.title, content: p.content }; },
    create: api.createPage,
    update: api.updatePage,
    remove: api.deletePage,
    checks: (f) => ({ title: required(f.title, 'Title'), content: required(f.content, 'Content') }),
    list,
  });
  const { state } = crud;

  return (
    <CrudScreen title="Pages" addLabel="ADD Page" resource="pages" calls={api.pages} list={list} crud={crud} abilities={abilities}
      noun="page" searchLabel="Search title" label={(p) => p.title} emptyText="No pages yet."
      columns={[{ header: 'Name', cell: (p) => p.title, sort: 'title' }, { header: 'Attached Roles', cell: () => null }]}
      deleteTitle="Delete Page" deleteText="Do you want to delete the page?">
      <CrudFormModal crud={crud} history={abilities.can('activity.view') ? 'pages' : undefined} titles={{ add: 'Add Page', edit: 'Edit Page' }} size="lg">
        <FormField bind={crud.fields.field('title')} label="Title" required>
          <input name="title" value={state.form.title} disabled={state.loading} placeholder={state.loading ? 'Loading…' : 'Enter title here'}
            onChange={(e) => crud.set({ title: e.target.value })} />
        </FormField>
        <FormField bind={crud.fields.field('content')} label="Content" required>
          <textarea name="content" rows={10} value={state.form.content} disabled={state.loading} placeholder="Enter content here"
            onChange={(e) => crud.set({ content: e.target.value })} />
        </FormField>
      </CrudFormModal>
    </CrudScreen>
  );
}
