import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import type { FileStore } from '../lib/files/file-store.ts';
import type { Mailer } from '../lib/mail/sender.ts';
import type { EgressPolicy } from '../lib/mail/egress.ts';
import type { SessionCache } from '../lib/auth/session-cache.ts';
import type { ThrottleLimits } from '../lib/auth/link-throttle.ts';
import type { TrustedProxies } from './client-address.ts';
import type { TokenLimits } from '../lib/auth/api-token-auth.ts';

/** Settings of one API process, read from the environment by index.ts. */
export interface AppConfig {
  dataDir: string;
  /** Folder of the built console, served with an index.html fallback. */
  staticDir: string;
  /** Static token sent as `X-Api-Key` to the upstream photo-recognition service; never to a browser (DESIGN.md §4). */
  recognitionToken: string;
  /** Base URL of the upstream photo-recognition service; unset: the built-in emulation answers. */
  recognitionUpstreamUrl?: string;
  /** Public origin of the client app, used in links the API hands out. */
  clientAppUrl: string;
  /** The console's public address, for links in e-mails (env PUBLIC_URL; default the address the server listens on). */
  publicUrl: string;
  /** The app clock in ms since 1970 (link expiry); Date.now except in tests that move time. */
  now: () => number;
  /** Accept any TLS certificate from the SMTP server (env SMTP_TLS_INSECURE=1; tests with a self-signed receiver). */
  smtpTlsInsecure: boolean;
  /** Which SMTP server addresses may be connected to (env SMTP_DENY_PRIVATE, SMTP_ALLOW_HOSTS; lib/mail/egress.ts); the defaults when unset. */
  smtpEgress?: EgressPolicy;
  /** Which addresses webhook deliveries may reach (env WEBHOOK_ALLOW_HOSTS; lib/mail/egress.ts webhookEgress); private and loopback refused when unset. */
  webhookEgress?: EgressPolicy;
  /** Limits of link e-mails and password changes (lib/auth/link-throttle.ts); LINK_LIMITS when unset. */
  linkLimits?: ThrottleLimits;
  /** Calls one API token may make per window (lib/auth/api-token-auth.ts; env API_TOKEN_RATE); TOKEN_LIMITS when unset. */
  apiTokenLimits?: TokenLimits;
  /** Proxies whose X-Forwarded-For names the client (env TRUST_PROXY, http/client-address.ts); undefined: the socket's peer is the client. */
  trustProxy?: TrustedProxies;
  /**
   * Writes the activity log; false only to measure its cost (env ACTIVITY_LOG=0,
   * `npm run bench`): a server run so keeps no record of who changed what.
   */
  activityLog?: boolean;
  /** Encrypts authenticator-app secrets (lib/auth/two-step-key.ts); null: none (PostgreSQL without TWO_STEP_KEY), authenticator enrolment refused. */
  twoStepKey?: Buffer | null;
  /** Passkeys' relying-party id and origin (env WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN); unset: publicUrl's host name and origin. */
  webauthnRpId?: string;
  webauthnOrigin?: string;
}

/**
 * Hono environment: what middleware puts on the context for routes (`requestId` and
 * `answerHeaders`: http/middleware/front.ts, the latter undefined once a header was set on the context
 * the usual way; `body`: the request body as readBody parsed it, from which a sign-in's activity
 * row reads the e-mail typed).
 */
export type AppEnv = {
  Variables: {
    sql: Sql;
    config: AppConfig;
    files: FileStore;
    user: AuthUser;
    mailer: Mailer;
    sessions: SessionCache;
    body: Record<string, unknown>;
    requestId: string;
    /** performance.now() when the request reached `front` (ms): the snapshot a kept answer may share (db/sql.ts dataVersion). */
    arrivedAt: number;
    answerHeaders: Record<string, string> | undefined;
    /** Set by POST login when the password was right but a second step is due (no session yet, no sign-in row). */
    signInPending: boolean;
  };
};
