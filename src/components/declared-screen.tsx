import '../lib/messages/admin.ts';
import { http } from '../lib/http.ts';
import { screenWord } from './screen-words.ts';
import { t } from '../lib/i18n.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { CrudScreen } from './crud-screen.tsx';
import { CrudFormModal } from './crud-modals.tsx';
import { useList } from './use-list.ts';
import { useCrud } from './use-crud.ts';
import { FormField } from './form-field.tsx';
import { useAbilities } from './use-abilities.ts';
import { listEndpoints } from './list-endpoints.ts';
import { required } from '../lib/validators.ts';
import type { RecordField } from '../common/resource-shapes.ts';
import { DECLARED_RECORDS, type DeclaredRecordsKey, type DeclaredResource } from '../common/resources.ts';

/** A record of a declared resource as the API answers it: its id and its text fields. */
type Row = { id: number } & Record<string, string>;
/** The form: every field's text. */
type Form = Record<string, string>;

/** What a declared resource's screen says, as catalog messages (test/unit/declared-texts.test.ts: their English is recordTexts' and the declaration's). */
interface RecordMessages {
  add: MessageKey;
  addTitle: MessageKey;
  editTitle: MessageKey;
  deleteTitle: MessageKey;
  deleteText: MessageKey;
  empty: MessageKey;
  search: MessageKey;
  /** Per field name: its label and its placeholder ("Enter <label> here"). */
  fields: Record<string, { label: MessageKey; placeholder: MessageKey }>;
  /** Per column header of the declaration (a field's `column`, an empty column): its message. */
  columns: Record<string, MessageKey>;
}

/** The messages of every declared resource's screen: a new declaration does not type-check until its texts are in the catalogs. */
export const RECORD_MESSAGES: Record<DeclaredRecordsKey, RecordMessages> = {
  pages: {
    add: 'admin.pages.add',
    addTitle: 'admin.pages.addTitle',
    editTitle: 'admin.pages.editTitle',
    deleteTitle: 'admin.pages.deleteTitle',
    deleteText: 'admin.pages.deleteText',
    empty: 'admin.pages.empty',
    search: 'admin.pages.search',
    fields: {
      title: { label: 'admin.pages.field.title', placeholder: 'admin.pages.field.titlePlaceholder' },
      content: { label: 'admin.pages.field.content', placeholder: 'admin.pages.field.contentPlaceholder' },
    },
    columns: { Name: 'admin.pages.column.name', 'Attached Roles': 'admin.pages.column.attachedRoles' },
  },
};

/** One field's input: a one-line input or a textarea, "Enter <label> here", "Loading…" while an edit loads; in the reader's language (`say`). */
function FieldInput({ f, say, crud }: { f: RecordField; say: RecordMessages['fields'][string]; crud: ReturnType<typeof useCrud<Form>> }) {
  const { state } = crud;
  const common = {
    name: f.name,
    value: state.form[f.name] ?? '',
    placeholder: state.loading ? t('app.loading') : t(say.placeholder),
    disabled: state.loading,
    onChange: (e: { target: { value: string } }) => crud.set({ [f.name]: e.target.value }),
  };
  return (
    <FormField bind={crud.fields.field(f.name)} label={t(say.label)} required>
      {f.input === 'textarea' ? <textarea rows={f.rows ?? 4} {...common} /> : <input {...common} />}
    </FormField>
  );
}

/** What a declared resource's screen is drawn from, made once per declaration. */
function partsOf(d: DeclaredResource) {
  const r = d.records,
    path = r.path;
  return {
    r,
    path,
    calls: listEndpoints<Row>(path, r.table),
    spec: { sortable: ['id', ...r.fields.filter((f) => f.sort).map((f) => f.name)] } as const,
    empty: Object.fromEntries(r.fields.map((f) => [f.name, ''])) as Form,
    body: (f: Form) => Object.fromEntries(r.fields.map((x) => [x.name, f[x.name] ?? ''])) as Form,
    columns: [
      ...r.fields.filter((f) => f.column).map((f) => ({ header: f.column!, cell: (row: Row) => row[f.name], sort: f.sort ? f.name : undefined })),
      ...(r.emptyColumns ?? []).map((header) => ({ header, cell: () => null })),
    ],
  };
}
/** The columns with their headers in the reader's language. */
const saidColumns = (columns: ReturnType<typeof partsOf>['columns'], say: RecordMessages) => columns.map((c) => ({ ...c, header: t(say.columns[c.header]) }));
const PARTS = new Map<DeclaredResource, ReturnType<typeof partsOf>>();
const parts = (d: DeclaredResource) => PARTS.get(d) ?? PARTS.set(d, partsOf(d)).get(d)!;

/**
 * The admin screen of a resource served by the common case (src/common/resources.ts `records`;
 * admin-area §2 "Pages list" is the model): Sl.No, one column per field with a `column` header
 * (sortable with `sort`), the declared empty columns, Edit and Delete; the Add / Edit modal with
 * one required input per field ("Please fill <Label>."); the Delete confirmation "Do you want to
 * delete the <noun>?". Calls `/api/<path>` (contract/declared.ts). Every control shows only with
 * its ability; Edit shows the record's History with `activity.view`.
 */
export function DeclaredScreen({ d }: { d: DeclaredResource }) {
  const { r, path, calls, spec, empty, body, columns } = parts(d);
  const say = RECORD_MESSAGES[d.key];
  const list = useList(calls.list, spec);
  const abilities = useAbilities();
  const crud = useCrud<Form>({
    empty,
    load: async (id) => body((await http.get<Row>(`${path}/${id}`)).data),
    create: (f) => http.post(path, body(f)),
    update: (id, f) => http.put(`${path}/${id}`, body(f)),
    remove: (id) => http.del(`${path}/${id}`),
    checks: (f) => Object.fromEntries(r.fields.map((x) => [x.name, required(f[x.name], t(say.fields[x.name].label))])),
    list,
  });
  return (
    <CrudScreen
      title={screenWord(d.screen.key, d.screen.title)}
      addLabel={t(say.add)}
      resource={d.key}
      calls={calls}
      list={list}
      crud={crud}
      abilities={abilities}
      noun={r.noun}
      searchLabel={t(say.search)}
      label={(row) => row[r.label]}
      emptyText={t(say.empty)}
      columns={saidColumns(columns, say)}
      deleteTitle={t(say.deleteTitle)}
      deleteText={t(say.deleteText)}
    >
      <CrudFormModal
        crud={crud}
        history={abilities.can('activity.view') ? d.key : undefined}
        titles={{ add: t(say.addTitle), edit: t(say.editTitle) }}
        size={r.wide ? 'lg' : undefined}
        lease={d.key}
        conflictFields={r.fields}
      >
        {r.fields.map((f) => (
          <FieldInput key={f.name} f={f} say={say.fields[f.name]} crud={crud} />
        ))}
      </CrudFormModal>
    </CrudScreen>
  );
}

/** The route table's component for a declared resource's screen (src/app/admin-screens.ts): `screen` is its key. */
export function DeclaredScreenAt({ screen }: { screen: string }) {
  const d = DECLARED_RECORDS.find((x) => x.screen.key === screen);
  return d ? <DeclaredScreen d={d} /> : null;
}
