import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticks: number | undefined;
/** Clock ticks per second of /proc's times (getconf CLK_TCK; 100 on Linux unless told otherwise). */
const ticksPerSecond = () => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/**
 * CPU time process `pid` has used so far, user and system, all its threads (SQLite's work, the
 * checkpoint thread, libuv's pool), in ms, from /proc/<pid>/stat (utime and stime, fields 14 and
 * 15, in clock ticks: 10 ms steps); NaN without /proc. A database server's own processes
 * (PostgreSQL) are not in it.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold spaces and brackets: the first is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / ticksPerSecond();
  } catch {
    return NaN;
  }
}
