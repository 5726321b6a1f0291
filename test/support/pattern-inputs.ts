/** One regular-expression match: the pattern and the length of the text it ran on. */
export interface PatternRun {
  pattern: RegExp;
  length: number;
}

/**
 * Counts the work patterns do in this thread: while `fn` runs, every regular-expression match
 * (`test`, `exec`, `match`, `matchAll`, `replace`, `split`, `search`: all of them call
 * `RegExp.prototype.exec`) is recorded with the length of the text it ran on. Answers `fn`'s
 * result and the runs, in order. Work in other threads (workers) is not seen. A rule that
 * bounds its input before its pattern runs shows only short runs of that pattern, whatever the
 * input; the time a pattern takes is not measured.
 */
export async function patternRuns<T>(fn: () => T | Promise<T>): Promise<{ result: T; runs: PatternRun[] }> {
  const original = RegExp.prototype.exec;
  const runs: PatternRun[] = [];
  RegExp.prototype.exec = function exec(this: RegExp, text: string) {
    runs.push({ pattern: this, length: String(text).length });
    return original.call(this, text);
  };
  try {
    return { result: await fn(), runs };
  } finally {
    RegExp.prototype.exec = original;
  }
}

/** The runs longer than `length` characters, as `/source/flags: n` (for assertion messages). */
export const longerThan = (runs: PatternRun[], length: number) => runs.filter((r) => r.length > length).map((r) => `${r.pattern}: ${r.length}`);
