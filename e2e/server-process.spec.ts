import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// These start their own server processes from the build; no browser is involved.

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  const child = spawn(process.execPath, ["dist/server/index.js"], { env: { ...process.env, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

test("a bad configuration value stops start-up with a message naming the variable", async () => {
  const { exited, output } = startServer({ PORT: "eighty", DATABASE_URL: "" });
  expect(await exited).toBe(1);
  expect(output()).toContain("Invalid configuration");
  expect(output()).toContain("PORT:");
});

test("SIGTERM drains and exits cleanly", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-proc-"));
  const port = String(5600 + test.info().workerIndex);
  const server = startServer({ PORT: port, DATA_DIR: dataDir });
  try {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutdown complete");
  } finally {
    server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
