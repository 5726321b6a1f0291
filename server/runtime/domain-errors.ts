/**
 * The errors a service (or a lib/ module it calls) throws when it refuses a call, in the words of
 * the domain, not of HTTP (STYLE.md §6, docs/architecture.md "Layers"). They sit on the runtime
 * floor so that every floor may throw them; only http/error-envelope.ts turns them into an
 * answer, with its HTTP code:
 *
 *   - NotFound(what)            -> 404 "<what> not found."
 *   - Refused(message)          -> 403: the caller may not do this
 *   - Invalid(errors)           -> 422: field -> messages; `message` is the first message
 *   - Conflict(message)         -> 409: the record's state forbids the call now
 *   - Stale(message, data)      -> 412: the caller's If-Match names a version the record has left
 *   - Busy(message, 'throttled')-> 429: this caller has asked too often or too many wait (with
 *                                  Retry-After when the throttle names its wait)
 *   - Busy(message)             -> 503 with Retry-After: the server cannot take it right now
 *   - Unauthenticated(message)  -> 401: the credentials or the sign-in step are not valid
 *   - UpstreamFailed(message)   -> 502: a service the API relies on answered wrongly
 *
 * `data` is the envelope's `data` (e.g. a 409's counts); null when absent.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The record named `what` does not exist or is not the caller's to see: "<what> not found.". */
export class NotFound extends DomainError {
  constructor(what = 'Record', data?: unknown) {
    super(`${what} not found.`, data);
  }
}

/** The caller may not do this (a rule of abilities, roles or ownership); `message` names the rule. */
export class Refused extends DomainError {
  constructor(message = 'Forbidden.', data?: unknown) {
    super(message, data);
  }
}

/** Input the call cannot take: `errors` maps each field to its messages; the message is the first of them. */
export class Invalid extends DomainError {
  constructor(
    readonly errors: Record<string, string[]>,
    data?: unknown,
  ) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', data);
  }
}

/** The record's present state forbids the call (already done, still in use, not yet finished). */
export class Conflict extends DomainError {}

/**
 * The caller edited a version of the record that someone else has changed since
 * (lib/activity/versions.ts): `data` is the record as it is now, its version and who changed it.
 */
export class Stale extends DomainError {}

/**
 * The server cannot take the call now: 'throttled' when this caller asked too often or too many
 * calls already wait for a bounded resource, 'unavailable' when the server itself cannot (it is
 * stopping, a queue is full); both pass, so the client may try again. `retryAfter` (whole
 * seconds) is the wait a throttle names, answered as the Retry-After header of its 429.
 */
export class Busy extends DomainError {
  constructor(
    message: string,
    readonly kind: 'throttled' | 'unavailable' = 'unavailable',
    data?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message, data);
  }
}

/** The credentials, the sign-in challenge or its code are not valid. */
export class Unauthenticated extends DomainError {}

/** A service the API relies on (photo recognition) could not be reached or answered wrongly. */
export class UpstreamFailed extends DomainError {}

/** The record `row` resolves to; throws NotFound(`what`) when it resolves to nothing. */
export async function found<T>(row: Promise<T | undefined | null>, what: string): Promise<T> {
  const r = await row;
  if (r === undefined || r === null) throw new NotFound(what);
  return r;
}
