import { setTimeout as sleep } from "node:timers/promises";

/** Polls `url` until it answers 200; false when `timeoutMs` passes or `giveUp` says so first. */
export async function waitForOk(url: string, timeoutMs: number, giveUp: () => boolean = () => false): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !giveUp()) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    await sleep(200);
  }
  return false;
}
