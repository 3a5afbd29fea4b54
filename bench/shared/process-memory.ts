import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Resident and proportional (shared pages split between the processes using them) memory, MB. */
export function memoryOf(pids: number[]) {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // the process has ended
    }
  }
  return { rss: Math.round(rss / 1024), pss: Math.round(pss / 1024), processes: pids.length };
}

/** The processes whose parent is `parent`. */
export function childPids(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** An embedded database server: the postmaster of the data folder and its children. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(
    readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0],
  );
  return [postmaster, ...childPids(postmaster)];
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) each process has used so far, in seconds, by pid. */
export function cpuSecondsOf(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // the process has ended
    }
  }
  return used;
}

/** CPU seconds the processes used between two readings of cpuSecondsOf (new ones from 0). */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Every PostgreSQL server process on this machine (the postgres target's server). */
export function allPostgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}
