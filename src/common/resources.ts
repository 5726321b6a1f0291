import type { ConsoleIconName, DeclaredRecords, IconName, OwnedTable, Verb } from './resource-shapes.ts';

/**
 * One declaration per resource (docs/architecture.md "Adding a resource"): everything the
 * product names a resource by lives in its entry here, and every list that names resources,
 * screens or abilities is derived from this table — the ability catalogue (abilities.ts), the
 * admin screens and their menus (screens.ts, the seed's menus), the activity log's words
 * (contract/rules.ts), the screen an ability needs (access-explainer.ts), the console's admin
 * route table and menu icons (their types demand an entry per screen). Pure: no DOM, no Node.
 *
 * An entry:
 *   - `word`: the record's name in the activity log ("Updated User “Ann”");
 *   - `abilities`: the permission catalogue's label and verbs ("Delete users" = users.delete),
 *     seeded as permissions of the same names (DESIGN.md §3); `screen` when the ability's calls
 *     need another resource's screen, `alsoNeeds` when they need another ability too;
 *   - `screen`: the admin screen (route `/admin/<key>`, route/check's key, requireScreen's name),
 *     its menu title (the seed's admin menu) and its icon.
 * Order matters: it is the order of the Roles checklist, the sidebar's seeded menus and the
 * Activity filter.
 *
 * The parts' shapes are in resource-shapes.ts; the lists derived from the table sit beside it:
 * declared-access.ts (abilities, admin screens, menus), organiser-console-screens.ts,
 * owned-tables.ts and versioned-resources.ts.
 */

/** One resource's declaration (see the module's comment). */
export interface ResourceDeclaration {
  word: string;
  abilities?: { label: string; verbs: readonly Verb[]; screen?: string; alsoNeeds?: string };
  screen?: { key: string; title: string; icon: IconName };
  records?: DeclaredRecords;
  /**
   * 'unchanged': no write of this resource changes who may sign in or what a session may do
   * (no user, role, permission, menu, organiser, setting or token), so the API process keeps its
   * cached sessions after such a write (server/http/middleware/front.ts). Absent: every write of it
   * empties the process's session cache.
   */
  sessions?: 'unchanged';
  /** The organiser's own tables this resource keeps (OwnedTable): present on every organiser resource. */
  owns?: readonly OwnedTable[];
  /**
   * The resource's screen in the organiser console: its path under /admin/organizer/{id}, its
   * place in the console's sidebar (after the dashboard, lowest first) and its icon. The sidebar
   * and the console's route table follow from these (ORGANISER_CONSOLE_SCREENS); the menu item's
   * words are the catalog's `organiser.nav.<resource>`.
   */
  console?: { path: string; order: number; icon: ConsoleIconName };
  /**
   * Versioned records (docs/live.md): `table` has a `version` column (migration
   * 042) that every recorded update of a row moves (lib/activity/versions.ts), and `paths` are
   * the API routes (under /api, `{id}` the record's id) whose answers carry it as their `ETag`
   * and whose PUT and DELETE honour `If-Match` (http/middleware/versions.ts). A stale `If-Match`
   * answers 412 with the record as it is and who changed it last.
   */
  versions?: { table: string; paths: readonly string[] };
  /**
   * The API paths of this resource's calls (OpenAPI form, `{param}` for any one segment), each
   * standing for itself and every path below it: what an API token's scopes `<key>:read` (GET,
   * HEAD) and `<key>:write` (every other method) open (src/common/api-tokens.ts; the longest
   * declared path that matches a call decides). A resource without `api` has no scope.
   */
  api?: readonly string[];
}

const CRUD = ['view', 'create', 'edit', 'delete'] as const;

/** Every resource of the product, in display order. */
export const RESOURCES = {
  session: { word: 'Sign-in' },
  permissions: {
    word: 'Permission',
    abilities: { label: 'permissions', verbs: CRUD },
    screen: { key: 'permissions', title: 'Permissions', icon: 'key' },
    api: ['/api/permission'],
  },
  roles: {
    word: 'Role',
    abilities: { label: 'roles', verbs: CRUD },
    screen: { key: 'roles', title: 'Roles', icon: 'shield' },
    versions: { table: 'roles', paths: ['/role/{id}'] },
    api: ['/api/role'],
  },
  users: {
    word: 'User',
    abilities: { label: 'users', verbs: [...CRUD, 'import'] },
    screen: { key: 'users', title: 'Users', icon: 'users' },
    versions: { table: 'users', paths: ['/user/{id}'] },
    api: ['/api/user'],
  },
  pages: {
    versions: { table: 'pages', paths: ['/page/{id}'] },
    word: 'Page',
    abilities: { label: 'pages', verbs: CRUD },
    screen: { key: 'pages', title: 'Pages', icon: 'page' },
    sessions: 'unchanged',
    api: ['/api/page'],
    records: {
      path: 'page',
      table: 'pages',
      noun: 'page',
      label: 'title',
      emptyColumns: ['Attached Roles'],
      wide: true,
      fields: [
        { name: 'title', label: 'Title', max: 255, trim: true, search: true, column: 'Name', sort: true },
        { name: 'content', label: 'Content', max: 100_000, input: 'textarea', rows: 10 },
      ],
    },
  },
  menus: {
    word: 'Menu',
    abilities: { label: 'menus', verbs: CRUD },
    screen: { key: 'adminmenus', title: 'Menus', icon: 'menu-list' },
    versions: { table: 'admin_menus', paths: ['/adminmenu/{id}'] },
    api: ['/api/adminmenu'],
  },
  settings: {
    word: 'Settings',
    abilities: { label: 'settings', verbs: ['view', 'edit'] },
    screen: { key: 'settings', title: 'Settings', icon: 'settings' },
    // The company tab only: the e-mail (SMTP) settings are never open to a token.
    api: ['/api/settings/company', '/api/companysettings'],
  },
  organisers: {
    word: 'Organizer',
    abilities: { label: 'organizers', verbs: CRUD },
    screen: { key: 'organizers', title: 'Organizers', icon: 'building' },
    console: { path: '/profile', order: 1, icon: 'profile' },
    api: ['/api/organiser', '/api/organiser-dashboard', '/api/deleteImpact'],
    // The tenant itself: its id is the owner every other owned table leads to.
    owns: [{ table: 'companies', owner: 'id', noun: 'Organizer', refs: ['organizer_id', 'company_id', '{companyId}', '/api/organiser/{id}'] }],
  },
  bookings: {
    versions: { table: 'bookings', paths: ['/organiser/booking/{id}'] },
    word: 'Booking',
    sessions: 'unchanged',
    console: { path: '/booking', order: 4, icon: 'ticket' },
    api: ['/api/organiser/bookings', '/api/organiser/booking'],
    owns: [{ table: 'bookings', owner: 'company_id', noun: 'Booking', refs: ['/api/organiser/booking/{id}'] }],
  },
  working_days: {
    word: 'Working days',
    sessions: 'unchanged',
    console: { path: '/holiday', order: 3, icon: 'calendar' },
    api: ['/api/organiser/holiday', '/api/holiday', '/api/closures'],
    owns: [
      { table: 'company_days', owner: 'company_id', noun: 'Organizer', refs: [], keyless: true },
      { table: 'closures', owner: 'company_id', noun: 'Closed date', refs: ['DELETE /api/closures/{id}'] },
    ],
  },
  events: {
    versions: { table: 'events', paths: ['/event/{id}'] },
    word: 'Event',
    sessions: 'unchanged',
    console: { path: '/events', order: 2, icon: 'flag' },
    api: ['/api/event', '/api/deleteEvent'],
    owns: [{ table: 'events', owner: 'company_id', noun: 'Event', refs: ['event_id', '/api/event/{id}'] }],
  },
  photos: {
    word: 'Event photos',
    sessions: 'unchanged',
    owns: [{ table: 'event_photos', owner: 'event_id', parent: 'events', noun: 'Photo', refs: [] }],
    api: ['/api/getPhotosByEventId', '/api/uploadExcel', '/api/deleteEventPhotos'],
  },
  // An organiser's own records (its events' participants): no admin ability or screen.
  participants: {
    versions: { table: 'participants', paths: [] },
    word: 'Participant',
    sessions: 'unchanged',
    owns: [{ table: 'participants', owner: 'event_id', parent: 'events', noun: 'Participant', refs: ['/api/event/{id}/participant/{pid}'] }],
    api: [
      '/api/event/{id}/participant',
      '/api/event/{id}/participants',
      '/api/event/{id}/funnel',
      '/api/event/{id}/notify-matched',
      '/api/event/{id}/face-search',
      '/api/event/{id}/consents',
    ],
  },
  campaigns: {
    versions: { table: 'campaigns', paths: ['/campaign/{id}'] },
    word: 'Campaign',
    sessions: 'unchanged',
    owns: [{ table: 'campaigns', owner: 'event_id', parent: 'events', noun: 'Campaign', refs: ['campaign_id', '/api/campaign/{id}'] }],
    api: ['/api/campaign', '/api/getCampaigns', '/api/getCampaignDetailById', '/api/deleteCampaign'],
  },
  templates: {
    word: 'Template',
    sessions: 'unchanged',
    owns: [{ table: 'templates', owner: 'campaign_id', parent: 'campaigns', noun: 'Template', refs: ['/api/template/{id}'] }],
    api: ['/api/template'],
  },
  // Staff moderate an organiser's videos from its pages: the Organizers screen and View organizers.
  videos: {
    word: 'Video',
    abilities: { label: 'videos', verbs: ['moderate'], screen: 'organizers', alsoNeeds: 'organisers.view' },
    sessions: 'unchanged',
    owns: [
      {
        table: 'participant_videos',
        owner: 'campaign_id',
        parent: 'campaigns',
        noun: 'Video',
        refs: ['/api/participantVideo/{id}', 'POST /api/updateParticipantVideo id'],
      },
    ],
    api: ['/api/participantVideo', '/api/getAllParticipantVideos', '/api/updateParticipantVideo'],
  },
  conference_users: {
    word: 'Conference user',
    owns: [{ table: 'conference_users', owner: 'campaign_id', parent: 'campaigns', noun: 'Conference user', refs: [] }],
    api: ['/api/getAllConferenceUSers', '/api/updateParticipantType'],
  },
  recognition: {
    word: 'Recognition event',
    sessions: 'unchanged',
    // A recognition event an administrator made has no organiser (NULL): only staff reach it.
    owns: [
      {
        table: 'recognition_events',
        owner: 'company_id',
        noun: 'Event',
        refs: ['/recognition/events/{id}', 'POST /recognition/events/payment/participant event_id'],
      },
    ],
    api: ['/recognition/events', '/recognition/payment-slabs'],
  },
  imports: { word: 'Import', api: ['/api/import-job'] },
  // Signed webhooks (docs/webhooks.md): an organiser's endpoints, or the platform's (company_id NULL) for administrators.
  webhooks: {
    word: 'Webhook',
    sessions: 'unchanged',
    console: { path: '/webhooks', order: 7, icon: 'settings' },
    owns: [
      { table: 'webhooks', owner: 'company_id', noun: 'Webhook', refs: ['/api/webhooks/{id}'] },
      { table: 'webhook_deliveries', owner: 'webhook_id', parent: 'webhooks', noun: 'Delivery', refs: ['/api/webhooks/{id}/deliveries/{delivery}'] },
    ],
  },
  // Reports on schedule (docs/reports.md): an organiser's schedules, or the platform's (company_id NULL) for administrators.
  report_schedules: {
    word: 'Report schedule',
    sessions: 'unchanged',
    console: { path: '/reports', order: 6, icon: 'page' },
    owns: [{ table: 'report_schedules', owner: 'company_id', noun: 'Report schedule', refs: ['/api/report-schedules/{id}'] }],
  },
  activity: {
    word: 'Activity entry',
    abilities: { label: 'activity', verbs: ['view'] },
    screen: { key: 'activity', title: 'Activity', icon: 'history' },
    console: { path: '/activity', order: 5, icon: 'history' },
    api: ['/api/activity'],
  },
  // Edit leases (docs/live.md "Who is editing"): who has a record's edit form open; a take-over is logged under the record's own resource.
  leases: { word: 'Edit lease', sessions: 'unchanged' },
  // A user's own API tokens (My account → API tokens): no scope opens them, and a token changes no session.
  api_tokens: { word: 'API token', sessions: 'unchanged' },
} as const satisfies Record<string, ResourceDeclaration>;

type Resources = typeof RESOURCES;
/** A resource's key: `users`, `menus`, … */
export type ResourceKey = keyof Resources;

/** An ability's key, `<resource>.<verb>` for the verbs its resource declares: a misspelt one fails the type check. */
export type AbilityKey = {
  [K in ResourceKey]: Resources[K] extends { abilities: { verbs: readonly (infer V extends string)[] } } ? `${K}.${V}` : never;
}[ResourceKey];

/** An admin screen's key ('' is the dashboard): a misspelt one fails the type check. */
export type ScreenKey = '' | { [K in ResourceKey]: Resources[K] extends { screen: { key: infer S extends string } } ? S : never }[ResourceKey];

/** The admin screens other than the dashboard: the console's route table must hold one component for each. */
export type AdminScreenKey = Exclude<ScreenKey, ''>;

/** A resource served by the common case (its entry declares `records`). */
export type DeclaredRecordsKey = { [K in ResourceKey]: Resources[K] extends { records: DeclaredRecords } ? K : never }[ResourceKey];

/** The admin screen of a resource served by the common case: the console draws it from the declaration. */
export type DeclaredScreenKey = { [K in DeclaredRecordsKey]: Resources[K] extends { screen: { key: infer S extends string } } ? S : never }[DeclaredRecordsKey];

/** Every entry as [key, declaration], in declaration order. */
export const RESOURCE_ENTRIES = Object.entries(RESOURCES) as [ResourceKey, ResourceDeclaration][];

/** The activity log's word for each resource. */
export const RESOURCE_WORDS = Object.fromEntries(RESOURCE_ENTRIES.map(([key, r]) => [key, r.word])) as { readonly [K in ResourceKey]: Resources[K]['word'] };

/** Whether writes of resource `key` leave every session as it was (ResourceDeclaration.sessions); false for an unknown or absent key. */
export const sessionsUnchangedBy = (key: string | undefined): boolean =>
  key !== undefined && (RESOURCES as Record<string, ResourceDeclaration>)[key]?.sessions === 'unchanged';

/** A resource served by the common case, with everything its routes, contract and screen are made from. */
export interface DeclaredResource {
  key: DeclaredRecordsKey;
  word: string;
  records: DeclaredRecords;
  screen: { key: DeclaredScreenKey; title: string; icon: IconName };
}

/** The resources served by the common case, in declaration order (each must declare its screen and the four CRUD abilities). */
export const DECLARED_RECORDS: readonly DeclaredResource[] = RESOURCE_ENTRIES.flatMap(([key, r]) =>
  r.records && r.screen ? [{ key: key as DeclaredRecordsKey, word: r.word, records: r.records, screen: r.screen as DeclaredResource['screen'] }] : [],
);

/** The fixed texts of a declared resource's screen and answers (see DeclaredRecords). */
export function recordTexts(d: Pick<DeclaredResource, 'word' | 'records' | 'screen'>) {
  const label = d.records.fields.find((f) => f.name === d.records.label)?.label ?? d.records.label;
  return {
    add: `ADD ${d.word}`,
    addTitle: `Add ${d.word}`,
    editTitle: `Edit ${d.word}`,
    deleteTitle: `Delete ${d.word}`,
    deleteText: `Do you want to delete the ${d.records.noun}?`,
    empty: `No ${d.screen.title.toLowerCase()} yet.`,
    search: `Search ${label.toLowerCase()}`,
    created: `${d.word} created successfully.`,
    updated: `${d.word} updated successfully.`,
    deleted: `${d.word} deleted successfully.`,
    notFound: d.word,
  };
}

/** An owned table's name: `'events'`, `'templates'`, … (a misspelt one fails the type check). */
export type OwnedTableName = {
  [K in ResourceKey]: Resources[K] extends { owns: readonly (infer T)[] } ? (T extends { table: infer N extends string } ? N : never) : never;
}[ResourceKey];
