import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { ADMIN, type ServerProcess, startServer } from "./support/server-process";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Two built servers on one DATA_DIR (embedded PGlite). The second refuses while the
 * first runs; after the first is killed with SIGKILL, leaving its lock, the next one takes over and
 * finds every write the first acknowledged.
 */
describe("one server per DATA_DIR", () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-shared-data-"));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a second server while the first runs, and takes over after the first crashed", async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const contact = await fetch(`${first.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Lock Test", email: "lock@example.com", service: "solar", message: "Written by the first server before it crashed." }),
    });
    expect(contact.status).toBe(201);

    const refused = startServer({ DATA_DIR: dataDir });
    await expect(refused).rejects.toThrow(`DATA_DIR ${dataDir} is in use by another SkyVantage server (pid ${first.child.pid} on ${os.hostname()}`);
    await expect(refused).rejects.toThrow(/"code":1/);
    // npm run db:migrate is a second writer too.
    const migrate = spawnSync(process.execPath, ["dist/server/migrate.js"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toContain(`DATA_DIR ${dataDir} is in use by another SkyVantage server (pid ${first.child.pid}`);
    // The refused starts left the first one serving.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill("SIGKILL");
    if (!first.exit()) await once(first.child, "exit");
    const next = await startServer({ DATA_DIR: dataDir });
    servers.push(next);
    const again = await fetch(`${next.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    expect(again.status).toBe(200);
    const cookie = (again.headers.get("set-cookie") ?? "").split(";")[0]!;
    const inquiries = await fetch(`${next.url}/api/contact`, { headers: { cookie } });
    expect(await inquiries.text()).toContain("Written by the first server before it crashed.");
  });
});
