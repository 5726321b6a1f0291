import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

/**
 * Worker of test/unit/linear-patterns.test.ts. `workerData.modules`: absolute paths of modules;
 * every export of each is probed with every input of `adversarialInputs()`: a RegExp runs
 * `test` on it; a function is called with the input as each of its arguments and, when that
 * throws, with a record whose every property is the input (rules that take a row of cells).
 * One object exported under several names is probed once. Posts `{ probes: labels }` (every
 * export's), then `{ start: label }` before and `{ done: label, ms }` after each probe (the better of two
 * runs when the first took over `workerData.budgetMs`), then `{ end: n }`
 * (probes run), so the test can stop this thread when one probe never returns.
 */

/** Length of every adversarial input: 1 MB (10^6 characters). */
export const PROBE_LENGTH = 1_000_000;

/**
 * The usual catastrophic-backtracking families, each PROBE_LENGTH long: long runs of one
 * character (letters, digits, the separators rules split on, spaces, quotes, non-ASCII), the
 * same runs ending in a character no rule accepts, runs after the prefixes rules anchor on
 * ('a@', '@', 'http://', 'a@a.') and before the characters they stop at ('@', ' ', '!', '\n'),
 * and alternations of two characters.
 */
export function* adversarialInputs(): Generator<[string, string]> {
  const n = PROBE_LENGTH;
  const fill = (unit: string, len: number) => unit.repeat(Math.ceil(len / unit.length)).slice(0, len);
  const show = JSON.stringify;
  for (const c of ['a', 'A', '0', '.', '@', ' ', '-', '/', '\t', '"', ',', 'é'])
    for (const end of ['', '!', '@', '\n']) {
      yield [`${show(c)}×n+${show(end)}`, fill(c, n - end.length) + end];
    }
  for (const p of ['a@', '@', 'http://', 'a@a.', 'Aa1'])
    for (const c of ['.', 'a', '-', '/'])
      for (const end of ['@', ' ', '!']) {
        yield [`${show(p)}+${show(c)}×n+${show(end)}`, p + fill(c, n - p.length - end.length) + end];
      }
  const pairChars = ['a', '.', '@', '-', ' ', '0', 'A', '/'];
  for (let i = 0; i < pairChars.length; i++)
    for (let j = i + 1; j < pairChars.length; j++) {
      const unit = pairChars[i] + pairChars[j];
      yield [`${show(unit)}×n/2+"!"`, `${fill(unit, n - 1)}!`];
    }
}

/** A record whose every string-named property reads as `value` (a row of cells, a job, …). */
const recordOf = (value: string) => new Proxy({}, { get: (_t, k) => (typeof k === 'string' && k !== 'then' ? value : undefined) });

type Probe = [label: string, run: (input: string) => unknown, rule: unknown];

async function probesOf(file: string): Promise<Probe[]> {
  const mod: Record<string, unknown> = await import(pathToFileURL(file).href);
  const name = path.basename(file);
  const out: Probe[] = [];
  for (const [key, value] of Object.entries(mod)) {
    if (value instanceof RegExp) {
      out.push([
        `${name} ${key}`,
        (s) => {
          value.lastIndex = 0;
          return value.test(s);
        },
        value,
      ]);
    } else if (typeof value === 'function') {
      const fn = value as (...a: unknown[]) => unknown;
      const arity = Math.max(1, fn.length);
      out.push([
        `${name} ${key}()`,
        (s) => {
          try {
            fn(...Array(arity).fill(s));
          } catch {
            // Not a text rule: try it on a record of such texts instead (a wrong type is not what is measured).
            try {
              fn(...Array(arity).fill(recordOf(s)));
            } catch {
              /* idem */
            }
          }
        },
        value,
      ]);
    }
  }
  return out;
}

function timed(run: (input: string) => unknown, input: string): number {
  const t = performance.now();
  run(input);
  return performance.now() - t;
}

if (parentPort) {
  const port = parentPort;
  const named = (await Promise.all((workerData.modules as string[]).map(probesOf))).flat();
  port.postMessage({ probes: named.map(([l]) => l) });
  // A rule exported under several names (a re-export) is one rule: probed once, labelled with every name.
  const byRule = new Map<unknown, Probe>();
  for (const [label, run, rule] of named) {
    const first = byRule.get(rule);
    if (first) first[0] += ` = ${label}`;
    else byRule.set(rule, [label, run, rule]);
  }
  const probes = [...byRule.values()];
  let count = 0;
  for (const [inputName, input] of adversarialInputs()) {
    for (const [label, run] of probes) {
      const what = `${label} on ${inputName}`;
      port.postMessage({ start: what });
      let ms = timed(run, input);
      // Over the budget once may be a pause of a shared machine (GC, another process): the
      // better of two runs is reported; a backtracking pattern is slow both times.
      if (ms > workerData.budgetMs) ms = Math.min(ms, timed(run, input));
      port.postMessage({ done: what, ms });
      count++;
    }
  }
  port.postMessage({ end: count });
}
