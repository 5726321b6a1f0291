import type { Sql } from '../../db/sql.ts';
import * as q from '../../db/queries/activity.ts';
import { log } from '../../runtime/log.ts';

/**
 * The pruner of old activity rows (docs/architecture.md "Activity log"). The sign-in, sign-out
 * and export rows no service writes are recorded around the call by http/middleware/session-activity.ts.
 */

/** Rows older than `days` days are removed (retention, default 365) every hour; returns a stop function. */
export function startActivityPruner(sql: Sql, days: number, everyMs = 3600_000): () => void {
  const prune = () => {
    q.pruneActivity(sql, Date.now() - days * 86_400_000).catch((err: unknown) => log.warn({ err }, 'activity pruning failed; retried at the next interval'));
  };
  const first = setTimeout(prune, 5_000);
  const timer = setInterval(prune, everyMs);
  first.unref?.();
  timer.unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
