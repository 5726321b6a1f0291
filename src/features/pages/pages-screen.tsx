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
 * Pages (admin-area §2 "Pages list"): Sl.No, Name (the page title), Attached Roles (empty), Edit
 * and Delete; Add / Edit Page with a Title input and a Content textarea; Delete: "Do you want
 * to delete the page?".
 */
export default function PagesScreen() {
  const list = usePagedList(api.listPages);
  const crud = useCrud<api.PageForm>({
    empty: { title: '', content: '' },
    load: async (id) => { const p = await api.getPage(id); return { title: p.title, content: p.content }; },
    create: api.createPage,
    update: api.updatePage,
    remove: api.deletePage,
    checks: (f) => [required(f.title, 'Title'), required(f.content, 'Content')],
    changed: () => void list.reload(),
  });
  const { state } = crud;

  return (
    <>
      <PageHeader title="Pages" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Pages' }]}
        actions={<Button onClick={crud.openAdd}>ADD Page</Button>} />
      <div className="card">
        <div className="table-wrap">
          <table className="table" aria-busy={list.loading}>
            <thead><tr><th scope="col">Sl.No</th><th scope="col">Name</th><th scope="col">Attached Roles</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              <ListStateRow colSpan={4} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No pages yet." />
              {list.rows.map((p, i) => (
                <tr key={p.id}>
                  <td>{list.serial(i)}</td>
                  <td>{p.title}</td>
                  <td></td>
                  <td className="actions">
                    <Button variant="link" onClick={() => void crud.openEdit(p.id)} aria-label={`Edit ${p.title}`}>Edit</Button>
                    <Button variant="link" className="text-danger" onClick={() => crud.openDelete(p.id)} aria-label={`Delete ${p.title}`}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} />
      </div>

      {(state.mode === 'add' || state.mode === 'edit') && (
        <Modal title={state.mode === 'add' ? 'Add Page' : 'Edit Page'} size="lg" onClose={crud.close} onSubmit={() => void crud.save()}
          footer={<><Button variant="secondary" onClick={crud.close}>Close</Button><Button type="submit" busy={state.busy} disabled={state.loading}>Save changes</Button></>}>
          <label className="field"><span>Title</span>
            <input name="title" value={state.form.title} disabled={state.loading} placeholder={state.loading ? 'Loading…' : 'Enter title here'}
              onChange={(e) => crud.set({ title: e.target.value })} />
          </label>
          <label className="field"><span>Content</span>
            <textarea name="content" rows={10} value={state.form.content} disabled={state.loading} placeholder="Enter content here"
              onChange={(e) => crud.set({ content: e.target.value })} />
          </label>
        </Modal>
      )}
      {state.mode === 'delete' && (
        <ConfirmModal title="Delete Page" text="Do you want to delete the page?" busy={state.busy}
          onConfirm={() => void crud.confirmDelete()} onClose={crud.close} />
      )}
    </>
  );
}
