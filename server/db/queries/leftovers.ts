import type { Sql } from '../sql.ts';
import type { DeleteImpact } from '../../../src/common/contract/admin.ts';

/**
 * What goes with an organiser, event or campaign when it is deleted (ON DELETE CASCADE in
 * migration 001): the counts the console's delete confirmation shows, and the stored image URLs
 * (event and campaign logos, templates, user images) to remove from the FileStore afterwards.
 */
export type DeleteScope = { kind: 'organiser' | 'event' | 'campaign'; id: number };

/** Counts of rows that go with the scope, by kind; only the kinds that can go are present. */
export type { DeleteImpact };

// Campaign ids of a scope, as a subquery with one `?`.
const CAMPAIGNS = {
  organiser: 'SELECT c.id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ?',
  event: 'SELECT id FROM campaigns WHERE event_id = ?',
  campaign: 'SELECT CAST(? AS INTEGER)',
};
const EVENTS = { organiser: 'SELECT id FROM events WHERE company_id = ?', event: 'SELECT CAST(? AS INTEGER)' };

/**
 * The counts of rows that go with the scope, in one statement: events, bookings and users for an
 * organiser; campaigns and photos for an organiser or event; templates, videos and conference
 * users for all three. Missing ids give zeros.
 */
export async function deleteImpact(sql: Sql, s: DeleteScope): Promise<DeleteImpact> {
  const parts: Record<string, string> = {};
  if (s.kind === 'organiser') {
    parts.events = 'SELECT COUNT(*) FROM events WHERE company_id = ?';
    parts.bookings = 'SELECT COUNT(*) FROM bookings WHERE company_id = ?';
    parts.users = 'SELECT COUNT(*) FROM users WHERE company_id = ?';
  }
  if (s.kind !== 'campaign') {
    parts.campaigns = `SELECT COUNT(*) FROM campaigns WHERE event_id IN (${EVENTS[s.kind]})`;
    parts.photos = `SELECT COUNT(*) FROM event_photos WHERE event_id IN (${EVENTS[s.kind]})`;
  }
  parts.templates = `SELECT COUNT(*) FROM templates WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  parts.videos = `SELECT COUNT(*) FROM participant_videos WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  parts.conference_users = `SELECT COUNT(*) FROM conference_users WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  const names = Object.keys(parts);
  const row = await sql.get<Record<string, number>>(
    `SELECT ${names.map((n) => `(${parts[n]}) AS ${n}`).join(', ')}`,
    names.map(() => s.id),
  );
  return Object.fromEntries(names.map((n) => [n, Number(row?.[n] ?? 0)]));
}

/** Every stored-image URL that belongs to the scope ('' and external links left out). */
export async function storedImagesOf(sql: Sql, s: DeleteScope): Promise<string[]> {
  const selects = [
    `SELECT path AS url FROM templates WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`,
    `SELECT logo AS url FROM campaigns WHERE id IN (${CAMPAIGNS[s.kind]})`,
  ];
  if (s.kind !== 'campaign') selects.push(`SELECT logo AS url FROM events WHERE id IN (${EVENTS[s.kind]})`);
  if (s.kind === 'organiser') selects.push('SELECT image AS url FROM users WHERE company_id = ?');
  const rows = await sql.all<{ url: string }>(
    selects.join(' UNION ALL '),
    selects.map(() => s.id),
  );
  return rows.map((r) => r.url).filter((u) => u.startsWith('/uploads/'));
}

/**
 * Deletes each of `ids` with `remove` inside the caller's transaction `tx`, first collecting the
 * stored images of each one's scope (organiser, event or campaign, with everything under it that
 * goes by cascade). Resolves to those image URLs, for the caller to remove from the file store
 * after the commit, so a rolled-back delete never loses a file.
 */
export async function deleteCollectingImages(
  tx: Sql,
  kind: DeleteScope['kind'],
  ids: number[],
  remove: (tx: Sql, id: number) => Promise<unknown>,
): Promise<string[]> {
  const urls: string[] = [];
  for (const id of ids) {
    urls.push(...(await storedImagesOf(tx, { kind, id })));
    await remove(tx, id);
  }
  return urls;
}
