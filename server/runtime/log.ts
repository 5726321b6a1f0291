import { pino, type DestinationStream, type Logger } from 'pino';

/** Most bytes of log lines held while the consumer of stdout is slow; past it, lines are dropped and counted. */
export const LOG_BUFFER_MAX = 1024 * 1024;

/**
 * Bytes of log lines gathered before one write, and the longest a line waits for it (ms): under
 * load one write carries ~60 request lines instead of one or two (the write was 11 % of
 * the request path's CPU profile); at rest a line is out within LOG_FLUSH_MS.
 */
export const LOG_BATCH = 12 * 1024;
export const LOG_FLUSH_MS = 200;

/**
 * stdout as a destination that never blocks the event loop: Node writes to a pipe synchronously,
 * so a slow log consumer (a busy collector, a full pipe) would stall every request. pino's
 * sonic-boom batches lines and writes them with fs.write (libuv's pool), one write in flight;
 * while more than `LOG_BUFFER_MAX` bytes wait, new lines are dropped (its 'drop' event) and the
 * next line logged is preceded by `{"dropped_log_lines":N}`. A write error (the reader went away)
 * loses lines, never the process. Whatever is still buffered is flushed when the process exits.
 */
export function stdoutDestination(fd = 1): DestinationStream & NodeJS.EventEmitter {
  const dest = pino.destination({ dest: fd, sync: false, maxLength: LOG_BUFFER_MAX, minLength: LOG_BATCH, periodicFlush: LOG_FLUSH_MS });
  dest.on('error', () => {
    /* a log line lost is not worth the process */
  });
  return dest as DestinationStream & NodeJS.EventEmitter;
}

/**
 * A pino logger writing one JSON object per line to `dest` (stdout by default):
 * `{"level":"info"|"warn"|"error",…,"time":"<ISO 8601>",…fields,"msg":"…"}`, no pid or host.
 * An `err` field is serialised with its type, message and stack. When `dest` emits 'drop'
 * (stdoutDestination), the count of lines lost is logged before the next line.
 */
export function createLogger(dest: DestinationStream = stdoutDestination()): Logger {
  let dropped = 0;
  let marking = false,
    markLost = false;
  // Request lines gathered in this turn of the event loop, written as one (see `infoLine`).
  let pending = '',
    pendingLines = 0,
    scheduled = false,
    writing = 1;
  (dest as Partial<NodeJS.EventEmitter>).on?.('drop', () => {
    if (marking) markLost = true;
    else dropped += writing;
  });
  const flush = () => {
    scheduled = false;
    if (!pendingLines) return;
    const text = pending;
    writing = pendingLines;
    pending = '';
    pendingLines = 0;
    try {
      dest.write(text);
    } finally {
      writing = 1;
    }
  };
  // Before pino's own exit flush (registered when pino() takes `dest`, below): no gathered line is lost at exit.
  process.once('exit', flush);
  const markDropped = (logger: Logger) => {
    if (!dropped) return;
    // The marker may be dropped too while the buffer is still full: then its count waits for the next line.
    const n = dropped;
    dropped = 0;
    marking = true;
    markLost = false;
    logger.warn({ dropped_log_lines: n }, 'log lines dropped: stdout was not read fast enough');
    marking = false;
    if (markLost) dropped += n;
  };
  const logger = pino(
    {
      base: null,
      timestamp: () => `,"time":"${isoNow()}"`, // as pino.stdTimeFunctions.isoTime writes it
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          flush(); // lines stay in the order they were logged
          markDropped(this);
          return method.apply(this, args);
        },
      },
    },
    dest,
  );
  (logger as Logger & { [RAW]?: (line: string) => void })[RAW] = (line) => {
    if (!logger.isLevelEnabled('info')) return;
    markDropped(logger);
    pending += `{"level":"info","time":"${isoNow()}",${line}}\n`;
    pendingLines++;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return logger;
}

const RAW = Symbol('info line');

/**
 * The time as pino's isoTime writes it ("2026-12-07T02:28:40.123Z"), with its date and time
 * formatted once a second: a line adds the millisecond from MILLIS ("123Z"), no Date per line.
 */
let secondAt = -1,
  secondText = '';
const MILLIS = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(3, '0')}Z`);
export function isoNow(now = Date.now()): string {
  const ms = now % 1000;
  const second = now - ms;
  if (second !== secondAt) {
    secondAt = second;
    secondText = new Date(second).toISOString().slice(0, 20);
  }
  return secondText + MILLIS[ms];
}

/**
 * Writes one info line of `fields` (a flat object of strings, numbers and nulls) and `msg` to
 * `logger`, exactly as `logger.info(fields, msg)` writes it with createLogger's settings
 * (`{"level":"info","time":"<ISO 8601>",…fields,"msg":"…"}`, the drop marker first when lines
 * were dropped), but built as one string instead of through pino's serialisers: the request log
 * writes one per request (pino's path was about 4 % of the request path's CPU).
 * The lines of one turn of the event loop reach the destination as one write, after the turn's
 * I/O (setImmediate), before any line logged through pino and at exit: under load each
 * destination write (its byte count, its buffer) was paid per line.
 * A logger not made by createLogger gets `logger.info`.
 */
export function infoLine(logger: Logger, fields: Record<string, string | number | null>, msg: string) {
  const raw = (logger as Logger & { [RAW]?: (line: string) => void })[RAW];
  if (!raw) {
    logger.info(fields, msg);
    return;
  }
  let line = '';
  for (const k in fields) line += `${JSON.stringify(k)}:${JSON.stringify(fields[k])},`;
  raw(`${line}"msg":${JSON.stringify(msg)}`);
}

/**
 * `infoLine` with its fields already written: `fields` is the JSON text of an object's members
 * without the braces (`"a":1,"b":"x"`, not empty), the caller's to escape. A logger not made
 * by createLogger gets `logger.info` with them parsed back.
 */
export function infoText(logger: Logger, fields: string, msg: string) {
  const raw = (logger as Logger & { [RAW]?: (line: string) => void })[RAW];
  if (!raw) {
    logger.info(JSON.parse(`{${fields}}`), msg);
    return;
  }
  raw(`${fields},"msg":${JSON.stringify(msg)}`);
}

/**
 * The process's logger (stdout, JSON lines): the request log (http/middleware/request-log.ts), every
 * error (http/error-envelope.ts, jobs, workers, the database pool) and the start-up lines
 * (index.ts). Request lines carry `req_id` (the `X-Request-Id` answered, app.ts).
 */
export const log: Logger = createLogger();
