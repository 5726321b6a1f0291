/**
 * The parts of a resource's declaration (resources.ts ResourceDeclaration): its verbs, its menu
 * icons, the text fields of a record served by the common case, and an organiser's own tables.
 * Pure: no DOM, no Node.
 */

/** What an ability lets its holder do to a resource. */
export type Verb = 'view' | 'create' | 'edit' | 'delete' | 'import' | 'moderate';

/** The icons a screen's menu can carry (src/components/icons.tsx draws each). */
export type IconName = 'key' | 'shield' | 'users' | 'page' | 'menu-list' | 'settings' | 'building' | 'history';

/**
 * One text field of a declared record: its column (also its form and wire name), its label on
 * the form, its longest length in characters, whether it is stored trimmed, a one-line input or a
 * textarea of `rows` lines, whether the list searches it, and the list column that shows it
 * (`column`: its header; `sort`: the header sorts by it).
 */
export interface RecordField {
  name: string;
  label: string;
  max: number;
  trim?: boolean;
  input?: 'text' | 'textarea';
  rows?: number;
  search?: boolean;
  column?: string;
  sort?: boolean;
}

/**
 * A resource served by the common case, a list with search, sort, pages, CSV export and bulk
 * delete, plus add, edit and delete of records made of text fields: the API's routes
 * (server/routes/declared.ts), its queries and service, its contract entries and OpenAPI
 * (contract/declared.ts), and its admin screen (components/declared-screen.tsx) all come from this
 * block and the entry's word, abilities and screen; nothing else is written for it.
 *   - `path`: the API path (`/api/<path>`, `/api/<path>/{id}`, …); `table`: its SQL table (id + the fields);
 *   - `noun`: one record in words ("page"): counts, confirmations; `label`: the field that names a record;
 *   - `fields`: its fields in form order; `emptyColumns`: list headers the spec shows with no content;
 *   - `wide`: the Add / Edit modal's large size.
 * The texts follow the spec's pattern for every admin list: "ADD Page", "Add Page", "Edit Page",
 * "Delete Page", "Do you want to delete the page?", "Page created successfully.", "Page not found.".
 */
export interface DeclaredRecords {
  path: string;
  table: string;
  noun: string;
  label: string;
  fields: readonly RecordField[];
  emptyColumns?: readonly string[];
  wide?: boolean;
}

/**
 * One table of an organiser's own records (DESIGN.md §3 "Every organiser-console call is
 * scoped"): the owner is declared here once, and everything that reaches such a row by id
 * follows from it — the route's scope check (server/http/middleware/scope.ts `inScope`), the owner
 * condition of by-id reads and writes and of list scopes (server/db/tenancy.ts), and the
 * route-walking test (test/api/tenancy-walk.test.ts), which refuses any organiser route naming
 * an id no declaration claims.
 *   - `table`: the SQL table (rows keyed by `id` unless `keyless`);
 *   - `owner`: the column holding the owner's id: the organiser's (companies.id) when `parent` is
 *     absent, else the id of a row of `parent` (another declared table: 'events', 'campaigns');
 *   - `noun`: the 404 text, "<noun> not found.";
 *   - `refs`: where the API names one of its rows: a query or body field (`event_id`), a path
 *     prefix whose last `{param}` is its id (`/api/event/{id}`), or one route's field
 *     (`POST /api/updateParticipantVideo id`).
 */
export interface OwnedTable {
  table: string;
  owner: string;
  parent?: string;
  noun: string;
  refs: readonly string[];
  keyless?: true;
}

/** The icons an organiser console screen's menu item can carry (src/components/icons.tsx draws each). */
export type ConsoleIconName = 'profile' | 'flag' | 'calendar' | 'ticket' | 'history' | 'settings' | 'page';
