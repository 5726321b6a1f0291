/**
 * Events an operator counts (http/metrics.ts), reported by the code where they happen: an
 * outbox e-mail sent or failed (lib/mail/sender.ts), a sign-in refused for its credentials or
 * throttled (lib/auth/sign-in-throttle.ts), an import job ended (lib/jobs/import-jobs.ts). Until
 * `reportOpsEventsTo` names a receiver (start.ts, when metrics are on) a report does nothing, so
 * a start without metrics pays one empty call per event.
 */
export interface OpsEvents {
  /** An outbox e-mail of `kind` went out. */
  mailSent(kind: string): void;
  /** An outbox e-mail of `kind` failed: `retry` when it is tried again later, else given up. */
  mailFailed(kind: string, retry: boolean): void;
  /** A password sign-in refused for wrong credentials or a malformed body (401, 422). */
  signInFailed(): void;
  /** A sign-in refused by the throttle before its credentials were checked (429). */
  signInThrottled(): void;
  /** An import job of `kind` ended in `state` after `seconds` of running. */
  jobEnded(kind: string, state: 'done' | 'failed', seconds: number): void;
}

const nobody: OpsEvents = { mailSent() {}, mailFailed() {}, signInFailed() {}, signInThrottled() {}, jobEnded() {} };
let receiver: OpsEvents = nobody;

/** Sends every report from now on to `to` (start.ts, once at start); undefined: to nobody. */
export function reportOpsEventsTo(to: OpsEvents | undefined) {
  receiver = to ?? nobody;
}

/** Where code reports an event; each call goes to the receiver set last. */
export const opsEvents: OpsEvents = {
  mailSent: (kind) => receiver.mailSent(kind),
  mailFailed: (kind, retry) => receiver.mailFailed(kind, retry),
  signInFailed: () => receiver.signInFailed(),
  signInThrottled: () => receiver.signInThrottled(),
  jobEnded: (kind, state, seconds) => receiver.jobEnded(kind, state, seconds),
};
