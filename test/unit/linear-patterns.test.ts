import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Worker } from 'node:worker_threads';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// No input can hold the event loop. Every export of the shared rules (src/common/),
// found by listing the folder, so a rule added later is probed without editing this file: each
// RegExp and each function runs on adversarial inputs of 1 MB (test/support/pattern-probe.ts)
// within BUDGET_MS per pattern per input. A probe still running after HUNG_MS is stopped.

const here = path.dirname(fileURLToPath(import.meta.url));
const COMMON = path.resolve(here, '../../src/common');
// Timed, as the one exception to judging by behaviour: a pattern's steps cannot be counted from
// JavaScript (the regular-expression engine does not report its backtracking), and an input of
// 1 MB puts the two outcomes orders of magnitude apart. A linear rule handles 1 MB in
// milliseconds to a few hundred (idle, the slowest is csvCell on a million quotes: ~230 ms;
// parseCsv on a million commas builds a million fields: ~170 ms, 205 ms at a load average of 18
// on the shared 2 cores); a quadratic one takes minutes (the old e-mail pattern: 1.6 s at 40 KB,
// so about 10 minutes at 1 MB). The budget is 20 times the slowest linear rule, and a probe over
// it runs again before it counts as slow, so load does not reach it; the backtracking canary
// below shows it still catches a quadratic pattern.
const BUDGET_MS = 5000;
const HUNG_MS = 15_000;

interface Outcome {
  probes: string[];
  count: number;
  slow: string[];
  hung?: string;
}

/**
 * Runs the probe worker over `modules` and reports the probes, how many ran, the slow ones and
 * the one still running after `hungMs` (then stopped).
 */
function probe(modules: string[], hungMs = HUNG_MS): Promise<Outcome> {
  const out: Outcome = { probes: [], count: 0, slow: [] };
  // A worker thread does not inherit the tsx loader: register it, then load the probe.
  const boot = `const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(new URL('../support/pattern-probe.ts', import.meta.url).href)});`;
  const worker = new Worker(boot, { eval: true, workerData: { modules, budgetMs: BUDGET_MS } });
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate().then(() => resolve(out));
    };
    worker.on('message', (m: { probes?: string[]; start?: string; done?: string; ms?: number; end?: number }) => {
      if (m.probes) out.probes = m.probes;
      if (m.start) {
        const what = m.start;
        timer = setTimeout(() => {
          out.hung = what;
          finish();
        }, hungMs);
      }
      if (m.done) {
        clearTimeout(timer);
        if (m.ms! > BUDGET_MS) out.slow.push(`${m.done}: ${Math.round(m.ms!)} ms`);
      }
      if (m.end !== undefined) {
        out.count = m.end;
        finish();
      }
    });
    worker.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

test('every exported pattern and rule of src/common runs on 1 MB adversarial inputs within the budget', async () => {
  const modules = readdirSync(COMMON)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(COMMON, f));
  const r = await probe(modules);
  // The folder's patterns are all found (the listing works), and every probe ran on every input.
  for (const p of [
    'email.ts EMAIL_PATTERN',
    'email.ts isEmail()',
    'sheet-rules.ts LINK_PATTERN',
    'sheet-rules.ts photoRowProblem()',
    'password.ts PASSWORD_PATTERN',
    'campaign-links.ts SUBDOMAIN_PATTERN',
  ]) {
    assert.ok(r.probes.includes(p), `${p} is probed`);
  }
  assert.is(r.hung, undefined, `still running after ${HUNG_MS} ms: ${r.hung}`);
  assert.equal(r.slow, [], `over ${BUDGET_MS} ms:\n${r.slow.join('\n')}`);
  assert.ok(r.count > r.probes.length * 100, `${r.count} probes ran`);
});

test('the probe catches a backtracking pattern: the spec e-mail pattern as first written', async () => {
  // Still running at the budget is as caught as slow: stopped there, the canary costs no more.
  const r = await probe([path.resolve(here, '../support/backtracking-canary.ts')], BUDGET_MS);
  assert.ok(r.hung !== undefined || r.slow.length > 0, 'the quadratic patterns were not caught');
  assert.match(r.hung ?? r.slow[0], /SPEC_EMAIL_PATTERN|OLD_LINK_PATTERN/);
});

test.run();
