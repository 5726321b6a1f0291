import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/face-search.ts';
import { log } from '../runtime/log.ts';
import type { Who } from '../lib/activity/record.ts';
import type { Forward } from './recognition.ts';
import { dayOf, purge, purgeDay } from './face-search.ts';

/**
 * The face data's retention job: once a day it purges every event whose retention has passed
 * (face-search.ts `purge`, said as "purged after the retention" in the activity log).
 */

/**
 * Purges every event whose retention has passed by `today` (YYYY-MM-DD): end date plus
 * retention_days before today. Resolves to how many were purged; one that fails is logged and
 * tried again at the next run.
 */
export async function purgeDue(sql: Sql, who: Who, forward: Forward | null, today: string): Promise<number> {
  let n = 0;
  for (const e of await q.unpurged(sql)) {
    if (purgeDay(e.end_date, e.retention_days) >= today) continue;
    try {
      await purge(sql, who, { id: e.event_id, title: e.title, end_date: e.end_date, organizer_id: e.organizer_id }, forward, 'retention');
      n++;
    } catch (err) {
      log.warn({ err, event_id: e.event_id }, 'face-data purge failed; retried at the next run');
    }
  }
  return n;
}

/** Who the daily purge is in the activity log: no user, no address. */
const JOB: Omit<Who, 'logs'> = { id: null, name: 'Retention job', role: '', organiserId: null, ip: '', userAgent: '' };

/** Runs purgeDue once a day (first a minute after start); returns a stop function. */
export function startFaceSearchPurger(sql: Sql, opts: { forward: Forward | null; logs: boolean; now?: () => number }, everyMs = 86_400_000): () => void {
  const run = () => {
    purgeDue(sql, { ...JOB, logs: opts.logs }, opts.forward, dayOf((opts.now ?? Date.now)())).catch((err: unknown) =>
      log.warn({ err }, 'face-data purging failed; retried at the next run'),
    );
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref?.();
  timer.unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
