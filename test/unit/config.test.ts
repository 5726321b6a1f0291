import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { configurationDoc } from '../../server/config-doc.ts';
import { ConfigError, demoWanted, readEnv } from '../../server/config.ts';

const refused = (env: Record<string, string>) => {
  try {
    readEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  return null;
};

test('readEnv reads an empty environment as every default', () => {
  const env = readEnv({});
  assert.is(env.PORT, undefined);
  assert.is(env.DEMO_DATA, undefined);
  assert.ok(demoWanted(env), 'the embedded SQLite start seeds the demo data');
});

test('readEnv refuses each bad setting and names the variable and the expected form', () => {
  const bad: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SHUTDOWN_GRACE_MS', '30s'],
    ['MAIL_POLL_MS', 'abc'],
    ['FILE_STORE', 's3'],
    ['DEMO_DATA', 'maybe'],
    ['LOG_REQUESTS', 'nope'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_PASSWORD', '1'],
    ['ADMIN_EMAIL', 'admin'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['METRICS_TOKEN', 'short'],
  ];
  for (const [name, value] of bad) {
    const err = refused({ [name]: value });
    assert.ok(err, `${name}=${value} is refused`);
    assert.is(err!.variable, name);
    assert.ok(err!.expected.length > 0, `${name} says what is expected`);
    assert.not.match(err!.message, name === 'ADMIN_PASSWORD' ? value + ';' : '\u0000', 'a secret is never echoed');
  }
});

test('readEnv reads booleans in the usual spellings and never misreads one', () => {
  for (const v of ['1', 'true', 'TRUE', 'yes', 'on']) assert.is(readEnv({ DEMO_DATA: v }).DEMO_DATA, true, v);
  for (const v of ['0', 'false', 'False', 'no', 'off']) assert.is(readEnv({ DEMO_DATA: v }).DEMO_DATA, false, v);
});

test('demo data is off with DATABASE_URL unless asked for, and DEMO_DATA=false turns it off', () => {
  assert.not.ok(demoWanted(readEnv({ DATABASE_URL: 'postgres://u:p@db/x' })));
  assert.ok(demoWanted(readEnv({ DATABASE_URL: 'postgres://u:p@db/x', DEMO_DATA: 'yes' })));
  assert.not.ok(demoWanted(readEnv({ DEMO_DATA: 'false' })));
});

test('readEnv takes good values as numbers, names and URLs', () => {
  const env = readEnv({
    PORT: '8081',
    FILE_STORE: 'database',
    ADMIN_PASSWORD: 'Strong-pass-1',
    PUBLIC_URL: 'https://console.example.com',
    SHUTDOWN_DELAY_MS: '0',
  });
  assert.equal(
    [env.PORT, env.FILE_STORE, env.ADMIN_PASSWORD, env.PUBLIC_URL, env.SHUTDOWN_DELAY_MS],
    [8081, 'database', 'Strong-pass-1', 'https://console.example.com', 0],
  );
});

test('docs/configuration.md is the document generated from the schema (npm run docs:config)', () => {
  assert.fixture(readFileSync('docs/configuration.md', 'utf8'), configurationDoc());
});

test.run();
