// The memory of a process and everything it started, as /proc tells it (Linux): what a small
// server's operator pays for, the web server, its queue's workers and their children (GDAL,
// ffmpeg, the detection's own process) together.
import { readFileSync, readdirSync } from "node:fs";

/**
 * A process's resident size and proportional set size in MB (Linux's Pss: its private pages, plus
 * each page it shares divided by the number of processes mapping it), in one read of
 * /proc/<pid>/smaps_rollup; both 0 once it is gone. Summed over a tree, Pss counts a library GDAL's
 * programs map together once rather than once per program.
 */
function memoryMbOf(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0);
    return { rss: kb("Rss") / 1024, pss: kb("Pss") / 1024 };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** Every process descended from `root`, as [pid, command]. */
export function descendants(root) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      parents.set(Number(entry), { ppid, command: stat.slice(stat.indexOf("(") + 1, close) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop();
    for (const [pid, { ppid, command }] of parents) {
      if (ppid === parent) {
        found.push([pid, command]);
        frontier.push(pid);
      }
    }
  }
  return found;
}

/** The resident memory in MB of `root` alone, of its descendants together and of both, now. */
export function treeMemory(root) {
  const own = memoryMbOf(root).rss;
  const children = descendants(root).reduce((sum, [pid]) => sum + memoryMbOf(pid).rss, 0);
  return { root: own, children, tree: own + children };
}

/**
 * Samples `root` and its descendants every `everyMs` until stopped: the peak of the root alone, of
 * its children together, of the whole tree (summed at one instant, not peak plus peak), of the
 * tree's proportional sizes summed (pages its processes share counted once), and the commands seen.
 */
export function treeSampler(root, everyMs = 100) {
  const peak = { root: 0, children: 0, tree: 0, proportional: 0 };
  const commands = new Set();
  const sample = () => {
    const own = memoryMbOf(root);
    const children = descendants(root);
    children.forEach(([, command]) => commands.add(command));
    const theirs = children.map(([pid]) => memoryMbOf(pid));
    const theirRss = theirs.reduce((sum, memory) => sum + memory.rss, 0);
    peak.root = Math.max(peak.root, own.rss);
    peak.children = Math.max(peak.children, theirRss);
    peak.tree = Math.max(peak.tree, own.rss + theirRss);
    peak.proportional = Math.max(
      peak.proportional,
      theirs.reduce((sum, memory) => sum + memory.pss, own.pss),
    );
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { ...peak, commands: [...commands] };
    },
  };
}
