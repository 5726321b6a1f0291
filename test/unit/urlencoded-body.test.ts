import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hono } from 'hono';
import { urlencodedBody } from '../../server/http/envelope.ts';

/**
 * The console's form bodies are split by urlencodedBody (server/http/envelope.ts) instead of
 * hono's parseBody: every body below must give the same fields both ways, so no route sees a
 * different value (spaces, escapes, repeated names, arrays, broken escapes, odd names).
 */
const BODIES = [
  '',
  'name=Anna&email=anna%40example.com',
  'title=Race+day+%2B+more&note=a%20b',
  'role=1&role=2&role=3',
  'ids[]=4&ids[]=5&other=x&ids[]=6',
  'single[]=only',
  'bad=%E0%A4%A&pct=100%&plus=%2B%2b',
  '__proto__=x&constructor=y&toString=z',
  'empty=&=novalue&flag',
  'name=%C3%89lodie&city=S%C3%A3o+Paulo&ar=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7',
  'a=1&&b=2&c==3',
];

const viaHono = async (body: string) => {
  const app = new Hono().post('/', async (c) => c.json({ ...(await c.req.parseBody()) }));
  const res = await app.request('/', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } });
  return res.json();
};

test('a form body gives the same fields as hono parseBody', async () => {
  for (const body of BODIES) assert.equal({ ...urlencodedBody(body) }, await viaHono(body), body);
});

test('a field named __proto__ is a field, not the prototype', () => {
  const form = urlencodedBody('__proto__=x&isAdmin=0');
  assert.is(Object.getPrototypeOf(form), null);
  assert.is(form.__proto__, 'x');
  assert.is(({} as { polluted?: unknown }).polluted, undefined);
});

test.run();
