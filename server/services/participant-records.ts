import { createHash } from 'node:crypto';
import { queueWebhookEvent } from '../lib/webhooks/emit.ts';
import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/participants.ts';
import { NotFound } from '../runtime/domain-errors.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';

/**
 * The participant records other services reach (docs/participants.md): a gallery's owner by its
 * token, and the *bought* stage of a recorded payment. Kept apart from services/participants.ts
 * so that recognition and face search, which participants also use, import no cycle.
 */

/** The SHA-256 (hex) under which a gallery token is stored; the token itself never is. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The participant a gallery token opens; 404 "Gallery not found." for none (looked up by its hash, the same path either way). */
export async function galleryOwner(sql: Sql, token: string): Promise<q.GalleryOwner> {
  const p = await q.byTokenHash(sql, tokenHash(token));
  if (!p) throw new NotFound('Gallery');
  return p;
}

/**
 * A participant payment recorded for recognition event `recognitionId` (services/recognition.ts
 * recordPayment) marks bought, once, the participants with that BIB of the events whose campaigns
 * use that recognition event; within the caller's transaction `tx`.
 */
export async function boughtByPayment(tx: Sql, who: Who, recognitionId: number, bib: string, organiserId: number | null): Promise<void> {
  for (const id of await q.markBoughtByPayment(tx, recognitionId, bib)) {
    await recordActivity(tx, who, {
      resource: 'participants',
      action: 'update',
      id,
      label: bib,
      organiserId,
      changes: { bought: { from: null, to: 'payment recorded' } },
    });
    const p = await tx.get<{ event_id: number; company_id: number; name: string }>(
      'SELECT p.event_id, e.company_id, p.name FROM participants p JOIN events e ON e.id = p.event_id WHERE p.id = ?',
      [id],
    );
    if (p)
      await queueWebhookEvent(tx, 'participant.bought', Number(p.company_id), {
        id,
        event_id: Number(p.event_id),
        bib_number: bib,
        name: p.name,
        how: 'payment',
      });
  }
}
