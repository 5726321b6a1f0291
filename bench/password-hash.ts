import { randomBytes, scrypt } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword, verifyPassword } from '../server/lib/auth/passwords.ts';
import { fmt, spawnServer } from './lib.ts';

const PASSWORD = 'Bench-pass-1';
/** A hash as the server made them before Argon2id (scrypt N=2^14, r=8, p=1), for PASSWORD. */
const oldScrypt = () =>
  new Promise<string>((resolve, reject) => {
    const salt = randomBytes(16);
    scrypt(PASSWORD, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 << 20 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${salt.toString('hex')}$${key.toString('hex')}`),
    );
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(n: number, f: () => Promise<unknown>): Promise<number[]> {
  await f(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Sign-in cost before (scrypt N=2^14) and after (Argon2id m=19 MiB, t=2, p=1), on this machine:
 * (1) the password check alone, `verifyPassword` of server/lib/auth/passwords.ts on each kind of hash,
 * one at a time (median ms) and the checks per second two at a time (the hash-slot bound);
 * (2) POST /api/login on the production bundle, one at a time (median ms): an account with an
 * Argon2id hash, and the one-time upgrading sign-in of an account still holding an scrypt hash
 * (its check plus the new Argon2id hash and the row's update). Memory per check: scrypt 16 MiB,
 * Argon2id 19 MiB.
 */
export async function passwordHashBench(n = 20) {
  console.log(`\n## Sign-in cost: scrypt (before) and Argon2id (after), ${n} runs each, median`);
  const old = await oldScrypt();
  const now = await hashPassword(PASSWORD);
  const vOld = median(await timed(n, () => verifyPassword(PASSWORD, old)));
  const vNew = median(await timed(n, () => verifyPassword(PASSWORD, now)));
  const hNew = median(await timed(n, () => hashPassword(PASSWORD)));
  const perSecond = async (stored: string) => {
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let i = 0; i < n / 2; i++) await verifyPassword(PASSWORD, stored);
      }),
    );
    return n / ((performance.now() - t) / 1000);
  };
  console.log(`password check, scrypt N=2^14 (before):      ${fmt(vOld, 1)} ms, ${fmt(await perSecond(old), 1)} checks/s two at a time`);
  console.log(`password check, Argon2id m=19 MiB t=2 (after): ${fmt(vNew, 1)} ms, ${fmt(await perSecond(now), 1)} checks/s two at a time`);
  console.log(`new Argon2id hash:                            ${fmt(hNew, 1)} ms`);

  const server = await spawnServer();
  const db = new Database(path.join(server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const first = await fetch(`${server.url}/api/ping`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];
    const login = async () => {
      const r = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
        body: new URLSearchParams({ email: 'admin@example.com', password: PASSWORD }),
      });
      if (r.status !== 200) throw new Error(`login ${r.status}`);
      await r.arrayBuffer();
    };
    const argon = median(await timed(n, login));
    const upgrading: number[] = [];
    for (let i = 0; i < n; i++) {
      db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(await oldScrypt(), 'admin@example.com');
      const t = performance.now();
      await login();
      upgrading.push(performance.now() - t);
    }
    const after = db.prepare('SELECT password_hash FROM users WHERE email = ?').get('admin@example.com') as { password_hash: string };
    console.log(`POST /api/login, Argon2id account:             ${fmt(argon, 1)} ms`);
    console.log(`POST /api/login, scrypt account (upgraded once): ${fmt(median(upgrading), 1)} ms (stored now: ${after.password_hash.slice(0, 30)}…)`);
  } finally {
    db.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('password-hash.ts')) await passwordHashBench();
