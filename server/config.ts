import { z } from 'zod';
import { isIP } from 'node:net';
import { passwordProblem } from '../src/common/password.ts';
import { parseTrustProxy } from './http/client-address.ts';
import { parseEgressPolicy } from './lib/mail/egress.ts';
import { parseTwoStepKey } from './lib/auth/two-step-key.ts';
import { boolean, integer, oneOf, type SettingDoc, setting, text, url } from './config-values.ts';

/**
 * The server's configuration: every environment variable it reads, each read once at start
 * through one zod schema (`readConfig`). A value that cannot be read stops the start: the caller
 * prints one JSON `fatal` line naming the variable, the value's problem and the expected form
 * (`ConfigError`). docs/configuration.md is generated from this schema (config-doc.ts `configurationDoc`,
 * `npm run docs:config`) and a unit test keeps the two equal.
 */

/** Each setting's line in docs/configuration.md, by variable name, in the docs' order (config-doc.ts reads them). */
export const DOCS = new Map<string, SettingDoc>();

const MS_DAY = 86_400_000;
const HTTP = ['http:', 'https:'];

/** Every variable the server reads: name → setting. The order is the docs' order. */
const SETTINGS = {
  PORT: setting('Network', 'a port number, 0–65535', '8080', 'Port the console and API listen on (0: a free port).', integer(0, 65_535)),
  HOST: setting(
    'Network',
    'an IP address or host name',
    '127.0.0.1',
    'Address to listen on; `0.0.0.0` for every interface.',
    text().refine((v) => v === undefined || isIP(v) !== 0 || /^[A-Za-z0-9.-]{1,253}$/.test(v), { message: 'is not an address or host name' }),
  ),
  PUBLIC_URL: setting(
    'Network',
    'an http(s) URL',
    'http://localhost:PORT when HOST is a loopback or every-interface address, else http://HOST:PORT',
    "The console's address put in e-mailed links and, unless WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN say otherwise, where passkeys work (browsers refuse them on an IP address); set it behind a proxy.",
    url(HTTP),
  ),
  TRUST_PROXY: setting(
    'Network',
    'addresses, CIDR ranges, `loopback`, `private`, comma-separated',
    'none',
    'Reverse proxies whose `X-Forwarded-For` names the client (README "Behind a reverse proxy").',
    text().superRefine((v, ctx) => {
      try {
        parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `is not readable: ${(err as Error).message}` });
      }
    }),
  ),
  DATA_DIR: setting('Storage', 'a folder path', 'data', 'Where the SQLite file and the uploaded files live.', text()),
  STATIC_DIR: setting('Storage', 'a folder path', 'dist', "The built console's files.", text()),
  DATABASE_URL: setting(
    'Storage',
    'a postgres:// or postgresql:// URL',
    'unset (SQLite in DATA_DIR)',
    'PostgreSQL instead of the embedded SQLite.',
    url(['postgres:', 'postgresql:']),
  ),
  FILE_STORE: setting(
    'Storage',
    '`disk` or `database`',
    '`database` with DATABASE_URL, else `disk`',
    'Where uploaded logos and templates live.',
    oneOf(['disk', 'database'] as const),
  ),
  PG_POOL_MAX: setting('Storage', 'a whole number, 1–1000', '20', 'PostgreSQL connections per process.', integer(1, 1000)),
  PG_CONNECT_TIMEOUT_MS: setting(
    'Storage',
    'milliseconds, 1–600000',
    '10000',
    'How long a request waits for a database connection before it answers 503.',
    integer(1, 600_000),
  ),
  ADMIN_EMAIL: setting(
    'First start',
    'an e-mail address',
    'admin@example.com',
    'The administrator seeded into an empty database.',
    text().refine((v) => v === undefined || /^[^\s@]{1,64}@[^\s@]{1,255}$/.test(v), { message: 'is not an e-mail address' }),
  ),
  ADMIN_PASSWORD: setting(
    'First start',
    '8+ characters with a digit, an upper- and a lower-case letter',
    'generated and printed once',
    "That administrator's password.",
    z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v))
      .refine((v) => v === undefined || passwordProblem(v) === null, { message: 'is too weak for the password rule' }),
  ),
  DEMO_DATA: setting(
    'First start',
    'a yes/no value (1/0, true/false, yes/no, on/off)',
    'yes with the embedded SQLite, no with DATABASE_URL',
    'Seed the demo organiser, staff and lists into an empty database (their sign-ins are published in the README).',
    boolean(),
  ),
  RECOGNITION_UPSTREAM_URL: setting(
    'Photo recognition',
    'an http(s) URL',
    "unset (the server's built-in emulation)",
    'An upstream photo-recognition service.',
    url(HTTP),
  ),
  RECOGNITION_TOKEN: setting('Photo recognition', 'text', 'unset', "The upstream service's static token, sent only server-to-server.", text()),
  CLIENT_APP_URL: setting('Photo recognition', 'an http(s) URL', 'https://app.example.com', 'The public client app, for campaign app links.', url(HTTP)),
  MAIL_SENDER: setting('E-mail', 'a yes/no value', 'yes', 'Run the outbox sender in this process (no: other processes on the database send).', boolean()),
  MAIL_POLL_MS: setting('E-mail', 'milliseconds, 10–3600000', '2000', 'How often the sender looks for due e-mails.', integer(10, 3_600_000)),
  MAIL_RETRY_BASE_MS: setting(
    'E-mail',
    'milliseconds, 10–86400000',
    '30000',
    'First wait before a failed e-mail is tried again (doubling, at most 15 minutes).',
    integer(10, MS_DAY),
  ),
  SMTP_DENY_PRIVATE: setting(
    'E-mail',
    'a yes/no value',
    'no',
    'Refuse loopback and private SMTP server addresses too (docs/security.md "Outgoing connections").',
    boolean(),
  ),
  SMTP_ALLOW_HOSTS: setting(
    'E-mail',
    'host names, addresses and CIDR ranges, comma-separated',
    'none',
    'SMTP servers allowed whatever the address policy says.',
    text().superRefine((v, ctx) => {
      try {
        parseEgressPolicy(false, v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `is not readable: ${(err as Error).message}` });
      }
    }),
  ),
  WEBHOOK_ALLOW_HOSTS: setting(
    'Webhooks',
    'host names, addresses and CIDR ranges, comma-separated',
    'none',
    'Webhook endpoints allowed whatever the address policy says, private and loopback ones included; http: URLs are allowed to these only (docs/webhooks.md).',
    text().superRefine((v, ctx) => {
      try {
        parseEgressPolicy(true, v, 'WEBHOOK_ALLOW_HOSTS');
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `is not readable: ${(err as Error).message}` });
      }
    }),
  ),
  WEBHOOK_SENDER: setting('Webhooks', 'a yes/no value', 'yes', 'Run the webhook sender in this process (no: other processes on the database send).', boolean()),
  WEBHOOK_POLL_MS: setting('Webhooks', 'milliseconds, 10–3600000', '1000', 'How often the sender looks for due deliveries.', integer(10, 3_600_000)),
  WEBHOOK_RETRY_DIVISOR: setting(
    'Webhooks',
    'a whole number, 1–1000000',
    '1',
    'Divides every wait of the retry schedule (docs/webhooks.md "Retries"); only for tests.',
    integer(1, 1_000_000),
  ),
  WEBHOOK_LEASE_MS: setting(
    'Webhooks',
    'milliseconds, 1000–3600000',
    '60000',
    "How long a process holds a delivery it attempts (another process takes over a delivery whose lease ran out); keep it above one attempt's 15 s.",
    integer(1_000, 3_600_000),
  ),
  WEBHOOK_DISABLE_AFTER_MS: setting(
    'Webhooks',
    'milliseconds, 1000–2592000000',
    '259200000 (3 days)',
    'How long an endpoint may fail without a success before it is disabled and its owner e-mailed.',
    integer(1_000, 30 * MS_DAY),
  ),
  REPORT_POLL_MS: setting(
    'Reports',
    'milliseconds, 100–3600000',
    '20000',
    'How often this process looks for scheduled reports that are due (docs/reports.md).',
    integer(100, 3_600_000),
  ),
  SMTP_TLS_INSECURE: setting(
    'E-mail',
    'a yes/no value',
    'no',
    'Accept any TLS certificate of the SMTP server (only for a test server with a self-signed one).',
    boolean(),
  ),
  TWO_STEP_KEY: setting(
    'Sign-in',
    '32 bytes in base64 or hex (`openssl rand -base64 32`)',
    'with the embedded SQLite: generated at first start into DATA_DIR/two-step.key (mode 0600); with DATABASE_URL: none',
    'Encrypts authenticator-app secrets and the SMTP password, so a database dump or backup alone yields neither. Required with DATABASE_URL to turn on authenticator apps and to store an SMTP password (every process must hold the same key); keep it apart from the database backups (docs/security.md "Two-step sign-in", "SMTP password").',
    text().refine((v) => v === undefined || parseTwoStepKey(v) !== null, { message: 'is not 32 bytes in base64 or hex' }),
  ),
  WEBAUTHN_RP_ID: setting(
    'Sign-in',
    'a host name',
    "PUBLIC_URL's host name",
    "The passkeys' relying-party id: the domain passkeys are bound to.",
    text().refine((v) => v === undefined || /^[A-Za-z0-9.-]{1,253}$/.test(v), { message: 'is not a host name' }),
  ),
  WEBAUTHN_ORIGIN: setting(
    'Sign-in',
    'an http(s) origin',
    "PUBLIC_URL's origin",
    'The origin the console is opened at, which passkey answers must name.',
    url(HTTP),
  ),
  LOG_REQUESTS: setting('Operations', 'a yes/no value', 'yes', 'One JSON line per request on stdout.', boolean()),
  ACTIVITY_LOG: setting('Operations', 'a yes/no value', 'yes', 'The activity log (no: only to measure its cost in `npm run bench`).', boolean()),
  ACTIVITY_RETENTION_DAYS: setting('Operations', 'days, 1–36500', '365', 'Activity rows older than this are removed, hourly.', integer(1, 36_500)),
  ANSWER_CACHE: setting('Operations', 'a yes/no value', 'yes', 'Reuse list answers while the database is unchanged (docs/architecture.md).', boolean()),
  SHUTDOWN_DELAY_MS: setting(
    'Operations',
    'milliseconds, 0–600000',
    '15000',
    'After SIGTERM, how long the process serves on (`/api/health` answering 503) before it stops taking work: at least your load balancer\'s check interval × unhealthy threshold + timeout; 0 without a balancer (docs/architecture.md "Setting the delay").',
    integer(0, 600_000),
  ),
  SHUTDOWN_GRACE_MS: setting(
    'Operations',
    'milliseconds, 0–3600000',
    '25000',
    'Then how long it waits for its port to close, requests in flight, imports and the e-mail sender.',
    integer(0, 3_600_000),
  ),
  IMPORT_LEASE_MS: setting(
    'Operations',
    'milliseconds, 1–3600000',
    '60000',
    "An import job's lease (another process takes over a job whose lease ran out).",
    integer(1, 3_600_000),
  ),
  API_TOKEN_RATE: setting(
    'Operations',
    'calls per minute, 1–1000000',
    '600',
    'Calls one API token may make per minute, on every process together; then 429 with Retry-After (docs/integrations.md).',
    integer(1, 1_000_000),
  ),
  METRICS: setting('Metrics', 'a yes/no value', 'no', 'Serve Prometheus metrics at `/metrics` on their own listener (README "Metrics").', boolean()),
  METRICS_HOST: setting(
    'Metrics',
    'an IP address',
    '127.0.0.1',
    'Address of the metrics listener; only this machine reaches it unless set wider.',
    text().refine((v) => v === undefined || isIP(v) !== 0, { message: 'is not an IP address' }),
  ),
  METRICS_PORT: setting('Metrics', 'a port number, 0–65535', '9464', 'Port of the metrics listener (0: a free port, printed at start).', integer(0, 65_535)),
  METRICS_TOKEN: setting(
    'Metrics',
    'text, 16+ characters',
    'none',
    'When set, a scrape must send `Authorization: Bearer <token>`.',
    text().refine((v) => v === undefined || v.length >= 16, { message: 'is too short to be a secret' }),
  ),
} as const;

for (const [name, s] of Object.entries(SETTINGS)) DOCS.set(name, s.doc);

const schema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([k, s]) => [k, s.type])) as { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]['type'] },
);

/** The environment as read: each variable's value, or undefined when unset (its default applies where it is used). */
export type Env = z.output<typeof schema>;

/** A variable whose value cannot be read: its name, the problem, the expected form. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
    readonly expected: string,
  ) {
    super(`${variable} ${problem}; expected ${expected}.`);
  }
}

/**
 * Reads `env` (process.env) through the schema. Throws ConfigError for the first variable that
 * cannot be read (never echoes a secret's value). Unknown variables are ignored.
 */
export function readEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined>): Env {
  const r = schema.safeParse(Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, env[k]])));
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const name = String(issue.path[0]);
  throw new ConfigError(name, issue.message, DOCS.get(name)?.expected ?? 'a valid value');
}

/** True when the demo data is to be seeded: DEMO_DATA when set, else only on the embedded SQLite. */
export const demoWanted = (env: Env) => env.DEMO_DATA ?? env.DATABASE_URL === undefined;
