// Where the machine's CPU went during a step (Linux /proc): the server under test, this bench (the load generator),
// PostgreSQL (every process of the cluster, whoever's), and the rest. On a shared two-core machine this tells a slow
// server from a busy machine: a server near 100 % is one event loop at its limit.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** User + system CPU ticks of a process, from /proc/<pid>/stat (0 once it is gone). */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Ticks of every process named `name`, by pid (one born mid-step counts whole, one gone mid-step is lost). */
function ticksByName(name) {
  const ticks = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) ticks.set(pid, processTicks(pid));
    } catch {
      // gone between the listing and the read
    }
  }
  return ticks;
}

/** Busy ticks of all cores together (everything but idle and I/O wait), from the first line of /proc/stat. */
function machineTicks() {
  const values = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - values[3] - values[4] };
}

const sumSince = (before, after) => [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);

/**
 * Starts counting; the returned function stops and gives each share in percent of one core (a two-core machine is
 * 200 % busy at most), or null where /proc is not there to read.
 */
export function startCpuMeter(serverPid) {
  let start;
  try {
    start = {
      at: performance.now(),
      machine: machineTicks(),
      server: processTicks(serverPid),
      postgres: ticksByName('postgres'),
    };
  } catch {
    return () => null;
  }
  const bench = process.cpuUsage();
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const percent = (ticks) => (100 * ticks) / TICKS_PER_SECOND / seconds;
    const { user, system } = process.cpuUsage(bench);
    const shares = {
      server: percent(processTicks(serverPid) - start.server),
      bench: (user + system) / 10_000 / seconds,
      postgres: percent(sumSince(start.postgres, ticksByName('postgres'))),
    };
    const machine = percent(machineTicks().busy - start.machine.busy);
    return { ...shares, other: Math.max(0, machine - shares.server - shares.bench - shares.postgres) };
  };
}
