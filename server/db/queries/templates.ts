import type { Sql } from '../sql.ts';
import { ownedRowCondition } from '../tenancy.ts';

/** A template (organiser-console §3): image path plus the transparent area, in the image's own pixels. */
export interface NewTemplate {
  campaign_id: number;
  path: string;
  template_json: string;
  x: number;
  y: number;
  width: number;
  height: number;
  template_width: number;
  template_height: number;
}

/** Inserts a template; resolves to its new id. Call inside a transaction when it is one write among several. */
export async function insertTemplate(sql: Sql, t: NewTemplate): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO templates (campaign_id, path, template_json, x, y, width, height, template_width, template_height, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [t.campaign_id, t.path, t.template_json, t.x, t.y, t.width, t.height, t.template_width, t.template_height, Date.now()],
  );
  return row!.id;
}

/** A template's columns as answered. */
export const TEMPLATE_COLUMNS = 'id, campaign_id, path, template_json, x, y, width, height, template_width, template_height';

/** One saved template with its area, for reopening it in the editor; undefined when there is none. */
export const getTemplate = (sql: Sql, id: number) => sql.get<NewTemplate & { id: number }>(`SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = ?`, [id]);

/** Moves a template's area and restyles it (the image and its size stay). */
export const updateTemplateArea = (sql: Sql, organiserId: number, id: number, t: Pick<NewTemplate, 'template_json' | 'x' | 'y' | 'width' | 'height'>) => {
  const [where, params] = ownedRowCondition('templates', id, organiserId);
  return sql.run(`UPDATE templates SET template_json = ?, x = ?, y = ?, width = ?, height = ? WHERE ${where}`, [
    t.template_json,
    t.x,
    t.y,
    t.width,
    t.height,
    ...params,
  ]);
};

/** Deletes the template; resolves to the number of rows removed (0: none). */
export const deleteTemplate = (sql: Sql, organiserId: number, id: number) => {
  const [where, params] = ownedRowCondition('templates', id, organiserId);
  return sql.run(`DELETE FROM templates WHERE ${where}`, params);
};

/** The links of a template's campaign, returned with a saved template (organiser-console §3). */
export const campaignLinks = (sql: Sql, campaignId: number) =>
  sql.get<{ event_url: string; friendly_url: string }>('SELECT event_url, friendly_url FROM campaigns WHERE id = ?', [campaignId]);
