import { log } from './log.ts';

/** A running loop of passes: `wake` asks for a pass now; `stop` ends the loop once the pass under way has ended. */
export interface BackgroundPasses {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs `pass` in the background of this process, one pass at a time, for the senders that work
 * off a table (the e-mail outbox, webhook deliveries, report schedules): the first pass after
 * `firstMs` (ms, default 0), then the next one `pollMs` after each pass ends, or at once when the
 * pass answered true (a full batch: more is waiting) or a `wake` came while it ran (a commit that
 * queued work). A pass that throws is logged as "<name> pass failed" and the loop goes on. The
 * timers are unref'd: the loop never keeps the process alive; `stop` clears the next pass and
 * resolves once the one under way has ended (a graceful stop waits for it).
 */
export function startBackgroundPasses(name: string, pass: () => Promise<boolean>, pollMs: number, firstMs = 0): BackgroundPasses {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false,
    stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  function tick() {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = pass()
      .catch((err) => {
        log.error({ err }, `${name} pass failed`);
        return false;
      })
      .then((more) => {
        running = undefined;
        schedule(more || again ? 0 : pollMs);
      });
  }
  schedule(firstMs);
  return {
    // A wake during a pass is kept for when it ends: a timer set now could be cleared by the
    // pass's own scheduling before it fires.
    wake: () => {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
