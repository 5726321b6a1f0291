import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sparePort } from './spare-port.ts';
import * as assert from 'uvu/assert';
import type { TestApi } from './harness.ts';

/** Options of the test receiver: a user name and password it insists on (or `anyAuth`: asks for a sign-in and takes any), STARTTLS hidden, TLS from the start. */
export interface ReceiverOptions {
  port?: number;
  user?: string;
  pass?: string;
  anyAuth?: boolean;
  hideSTARTTLS?: boolean;
  secure?: boolean;
}

/** A real SMTP server on a loopback port and what arrived at it (parsed by mailparser). */
export interface Receiver {
  port: number;
  /** Every message received, parsed, in arrival order. */
  messages: ParsedMail[];
  /** Every sign-in tried (user name and password as sent), in arrival order, accepted or not. */
  auths: { username: string; password: string }[];
  /** How many connections were opened to it. */
  connections: number;
  /** Resolves with the first message (`after` skips the first n) matching `pred`; rejects after `ms`. */
  waitFor(pred?: (m: ParsedMail) => boolean, ms?: number, after?: number): Promise<ParsedMail>;
  /** Stops listening (the port is kept so `start` can come back on it). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** The settings fields (Settings → Email) that point the product at this receiver, as form values. */
export const receiverSettings = (r: { port: number }, extra: Record<string, string> = {}) => ({
  smtp_server: '127.0.0.1',
  smtp_email: 'noreply@events.test',
  smtp_username: '',
  smtp_password: '',
  smtp_port: String(r.port),
  smtp_type: 'none',
  ...extra,
});

/**
 * Starts an `smtp-server` receiver on 127.0.0.1 (a spare port unless `port`). With `user`/`pass`
 * it requires that sign-in (plain text allowed, no TLS needed); `hideSTARTTLS` neither offers nor accepts STARTTLS;
 * `secure` speaks TLS from the first byte with smtp-server's built-in self-signed certificate.
 */
export async function startReceiver(o: ReceiverOptions = {}): Promise<Receiver> {
  const messages: ParsedMail[] = [];
  const auths: Receiver['auths'] = [];
  let connections = 0;
  const waiters = new Set<() => void>();
  const make = () =>
    new SMTPServer({
      secure: o.secure ?? false,
      hideSTARTTLS: o.hideSTARTTLS ?? false,
      allowInsecureAuth: true,
      authOptional: !o.user && !o.anyAuth,
      disabledCommands: [...(o.user || o.anyAuth ? [] : ['AUTH']), ...(o.hideSTARTTLS ? ['STARTTLS'] : [])],
      logger: false,
      onConnect(_session, cb) {
        connections++;
        cb();
      },
      onAuth(auth, _session, cb) {
        auths.push({ username: auth.username ?? '', password: auth.password ?? '' });
        if (o.anyAuth || (auth.username === o.user && auth.password === o.pass)) cb(null, { user: auth.username });
        else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, _session, cb) {
        simpleParser(stream).then(
          (m) => {
            messages.push(m);
            for (const w of waiters) w();
            cb();
          },
          (err) => cb(err),
        );
      },
    } as SMTPServerOptions);
  let server = make();
  // A spare port, not one from listen(0): a receiver that stops and starts again (`stop`, `start`)
  // must find its number still free, and no other process is handed it in between.
  const port = o.port ?? (await sparePort());
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  const r: Receiver = {
    port,
    messages,
    auths,
    get connections() {
      return connections;
    },
    waitFor(pred = () => true, ms = 10_000, after = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = messages.slice(after).find(pred);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${ms} ms (${messages.length} received)`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = make();
      await listen();
    },
  };
  return r;
}

/**
 * A receiver the server `api` sends its e-mail to: started, then saved as the SMTP settings by
 * the admin (`PUT settings/email`, asserted 200). The caller stops it.
 */
export async function receiverFor(api: TestApi): Promise<Receiver> {
  const rx = await startReceiver();
  const admin = await api.login();
  assert.is((await api.call('PUT', 'settings/email', { token: admin, form: receiverSettings(rx) })).status, 200);
  return rx;
}
