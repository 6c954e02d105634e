import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Linux reports CPU times in /proc in ticks of 1/100 s (USER_HZ) on every architecture. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux).
 * Read around a measured run, it gives the server's CPU per answer: unlike answers per second,
 * it hardly depends on what else the shared machine is running, so two builds compare on it.
 */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields after it: state (3) … utime (14), stime (15).
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(after[11]) + Number(after[12])) * 1000) / TICKS_PER_SECOND;
}

/** The whole machine's idle time so far (idle + iowait, every core), in ms, from /proc/stat. */
export function machineIdleMs(): number {
  const total = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  return ((Number(total[4]) + Number(total[5])) * 1000) / TICKS_PER_SECOND;
}

export const coreCount = () => cpus().length;
