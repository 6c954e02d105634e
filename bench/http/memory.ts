import { readFileSync } from 'node:fs';

/** Resident memory of a process from /proc/<pid>/status (Linux): now (VmRSS) and its peak so far (VmHWM), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Samples a process's RSS every 250 ms while load runs; `highest` is the largest sample. */
export class RssSampler {
  highest = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pid: number) {}

  start(): void {
    this.timer ??= setInterval(() => {
      try {
        this.highest = Math.max(this.highest, memoryOf(this.pid).rssMb);
      } catch {
        // the process ended; the caller notices
      }
    }, 250);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
