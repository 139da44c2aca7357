// How often running work looks whether what it works on still exists: deleting it stops the work within this.
const WATCH_MS = 1000;

/**
 * A signal that aborts once `present` answers false: the work's row was deleted (by an admin, in
 * this process or any other: the database is the one thing every instance shares). A database that
 * does not answer at one tick is asked again at the next. `stop` ends the watching.
 */
export function whilePresent(present: () => Promise<boolean>): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    present().then(
      (still) => {
        if (!still) controller.abort();
      },
      () => undefined,
    );
  }, WATCH_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
