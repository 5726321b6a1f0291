import { write } from 'node:fs';

/** Most bytes of log lines held while the consumer of stdout is slow; past it, lines are dropped and counted. */
export const LOG_BUFFER_MAX = 1024 * 1024;

/**
 * A line sink for stdout that never blocks the event loop: Node writes to a pipe synchronously,
 * so a slow log consumer (a busy collector, a full pipe) would stall every request. Lines are
 * batched and written off the main thread (fs.write on fd 1, libuv's pool), one write in flight
 * at a time; while more than LOG_BUFFER_MAX bytes wait, new lines are dropped and the next batch
 * starts with `{"dropped_log_lines":N}`, so memory stays bounded and the loss is visible.
 */
export function stdoutSink(fd = 1): (line: string) => void {
  let queue: string[] = [];
  let bytes = 0;
  let dropped = 0;
  let writing = false;
  const flush = () => {
    if (writing || !queue.length) return;
    if (dropped) { queue.unshift(JSON.stringify({ dropped_log_lines: dropped }) + '\n'); dropped = 0; }
    let chunk = Buffer.from(queue.join(''));
    queue = [];
    bytes = 0;
    writing = true;
    // A pipe may take part of a chunk; an error (the reader went away) loses the chunk, not the process.
    const done = (err: Error | null, written: number) => {
      if (!err && written < chunk.length) { chunk = chunk.subarray(written); write(fd, chunk, done); return; }
      writing = false;
      flush();
    };
    write(fd, chunk, done);
  };
  return (line) => {
    if (bytes + line.length > LOG_BUFFER_MAX) { dropped++; return; }
    queue.push(line);
    bytes += line.length;
    if (!writing) setImmediate(flush);
  };
}
