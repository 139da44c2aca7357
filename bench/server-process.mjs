// Child-process helpers the benchmarks share: a free port, waiting for a server to answer, stopping it.
import { createServer } from "node:net";

/** Spread into a benchmarked server's environment: no mail, Redis, S3, Stripe or metrics port from the caller's. */
export const NO_OUTSIDE_SERVICES = {
  SMTP_URL: "",
  REDIS_URL: "",
  S3_BUCKET: "",
  S3_ENDPOINT: "",
  S3_ACCESS_KEY_ID: "",
  S3_SECRET_ACCESS_KEY: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  METRICS_PORT: "",
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function running(child) {
  return child.exitCode === null && child.signalCode === null;
}

export async function waitFor(url, child) {
  for (let i = 0; i < 120; i++) {
    if (!running(child)) throw new Error(`${url}: the server exited with ${child.exitCode ?? child.signalCode}`);
    const ok = await fetch(url).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url}: the server did not start`);
}

export async function stop(child) {
  if (!child || !running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
