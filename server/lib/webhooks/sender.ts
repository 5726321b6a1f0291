import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/sql.ts';
import { log } from '../../runtime/log.ts';
import { startBackgroundPasses } from '../../runtime/background-passes.ts';
import * as q from '../../db/queries/webhooks.ts';
import { enqueueMail } from '../../db/queries/outbox.ts';
import { getCompanySettings } from '../../db/queries/settings.ts';
import { open } from '../auth/two-step-key.ts';
import { webhookDisabledMail } from '../mail/templates.ts';
import type { EgressPolicy } from '../mail/egress.ts';
import { DISABLE_AFTER_MS, RETRY_SCHEDULE_MS } from '../../../src/common/webhooks.ts';
import { attempt, type AttemptResult } from './deliver.ts';
import { signedHeaders } from './signing.ts';

/** How the webhook sender runs; every time in milliseconds. */
export interface WebhookSenderOptions {
  /** Pause between passes (env WEBHOOK_POLL_MS, default 1,000). */
  pollMs?: number;
  /** Multiplies every wait of RETRY_SCHEDULE_MS (1 / env WEBHOOK_RETRY_DIVISOR, default 1; tests use 0.001). */
  retryScale?: number;
  /** How long an endpoint may fail without a success before it is disabled (env WEBHOOK_DISABLE_AFTER_MS, default 3 days). */
  disableAfterMs?: number;
  /** How long a claimed delivery stays this process's (default 60,000: one attempt lasts at most 15 s). */
  leaseMs?: number;
  /** Deliveries attempted at once per pass (default 10). */
  batch?: number;
  /** Longest one attempt may take (default ATTEMPT_TIMEOUT_MS). */
  timeoutMs?: number;
}
/** The running sender: `wake` asks for a pass now; `stop` ends it after the pass under way. */
export interface WebhookSender {
  wake(): void;
  stop(): Promise<void>;
}

const running = new Set<WebhookSender>();
/** Asks this process's senders for a pass now (after a commit that queued a test event or a redelivery). */
export const wakeWebhookSenders = () => {
  for (const s of running) s.wake();
};

/**
 * Starts the background sender of webhook deliveries (docs/webhooks.md "Delivery"). Each pass
 * claims due deliveries with a lease on the database's clock (db/queries/webhooks.ts: one process
 * at a time per delivery), signs each as Standard Webhooks with the endpoint's secrets (opened
 * with `key`, the two-step key), POSTs it (lib/webhooks/deliver.ts, under `egress`), and records
 * the attempt, then settles the delivery: delivered on a 2xx; else due again after the next wait
 * of RETRY_SCHEDULE_MS (× retryScale), or failed when the schedule ran out. An endpoint failing
 * with no success for `disableAfterMs` is disabled and its owner e-mailed (the outbox, in the same
 * transaction); its pending deliveries wait until it is enabled again.
 */
export function startWebhookSender(
  sql: Sql,
  env: { key?: Buffer | null; egress: EgressPolicy; publicUrl: () => string },
  o: WebhookSenderOptions = {},
): WebhookSender {
  const pollMs = o.pollMs ?? 1_000,
    scale = o.retryScale ?? 1,
    disableAfter = o.disableAfterMs ?? DISABLE_AFTER_MS,
    leaseMs = o.leaseMs ?? 60_000,
    batch = o.batch ?? 10;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  /** The secrets that sign `d`: the current one, and the previous one while it is still valid. */
  function secretsOf(d: q.ClaimedDelivery): string[] {
    if (!env.key) throw new Error('no key');
    const list = [open(env.key, d.secret)];
    if (d.old_secret && d.old_secret_until !== null && d.old_secret_until > d.now) list.push(open(env.key, d.old_secret));
    return list;
  }

  async function deliver(d: q.ClaimedDelivery): Promise<void> {
    const at = Date.now();
    let headers: Record<string, string> = {};
    let result: AttemptResult;
    try {
      headers = signedHeaders(secretsOf(d), d.message_id, Math.floor(at / 1000), d.payload);
      result = await attempt(d.url, headers, d.payload, env.egress, o.timeoutMs);
    } catch {
      result = { statusCode: null, response: '', error: "The signing secret cannot be read with this server's key (TWO_STEP_KEY).", durationMs: 0 };
    }
    const ok = result.error === '';
    const wait = ok || d.attempts >= RETRY_SCHEDULE_MS.length ? null : Math.round(RETRY_SCHEDULE_MS[d.attempts] * scale);
    const status = ok ? 'delivered' : wait === null ? 'failed' : 'pending';
    const outcome: q.AttemptOutcome = { at, ...result, requestHeaders: headers };
    await sql.transaction(async (tx) => {
      tx.declare?.(q.WEBHOOK_DELIVERIES);
      const nextAt = wait === null ? d.next_at : d.now + Math.round(result.durationMs) + wait;
      if (!(await q.settleDelivery(tx, d.id, owner, status, nextAt, outcome))) return; // the lease ended: another process has it
      await q.insertAttempt(tx, d.id, outcome, wait === null ? null : nextAt);
      if (ok) {
        await q.endpointSucceeded(tx, d.webhook_id);
        return;
      }
      const since = await q.endpointFailed(tx, d.webhook_id, result.error);
      if (since !== null && d.now - since >= disableAfter && (await q.disableFailing(tx, d.webhook_id))) await tellOwner(tx, d, result.error);
    });
  }

  /** E-mails the owner of `d`'s endpoint that it was disabled: the organiser's users, or the platform's administrators, each in their own language (English while none is chosen). */
  async function tellOwner(tx: Sql, d: q.ClaimedDelivery, error: string) {
    const to =
      d.company_id === null
        ? await tx.all<{ name: string; email: string; language: string | null }>(
            "SELECT u.name, u.email, u.language FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id WHERE r.name = 'admin' ORDER BY u.id LIMIT 5",
          )
        : await tx.all<{ name: string; email: string; language: string | null }>(
            'SELECT name, email, language FROM users WHERE company_id = ? ORDER BY id LIMIT 5',
            [d.company_id],
          );
    const company = (await getCompanySettings(tx)).name;
    const days = Math.max(1, Math.round(disableAfter / 86_400_000));
    for (const u of to) {
      const language = u.language || 'en';
      const mail = webhookDisabledMail(company, d.url, days, error, env.publicUrl(), language);
      await enqueueMail(tx, { kind: 'webhook', to: u.email, toName: u.name, subject: mail.subject, text: mail.text, html: mail.html, language });
    }
  }

  async function onePass(): Promise<boolean> {
    const claimed = await q.claimDeliveries(sql, owner, leaseMs, batch);
    await Promise.all(claimed.map((d) => deliver(d).catch((err) => log.error({ err, delivery: d.id }, 'Webhook delivery could not be recorded'))));
    return claimed.length === batch;
  }

  const passes = startBackgroundPasses('Webhook sender', onePass, pollMs);
  const sender: WebhookSender = {
    wake: passes.wake,
    async stop() {
      running.delete(sender);
      await passes.stop();
    },
  };
  running.add(sender);
  return sender;
}
