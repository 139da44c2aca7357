import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_PIN_LIMITS, shareLinkMessages } from "@common/share-links";
import { loopbackNetwork, postFrom } from "../server/testing/from-address";
import { createScratchDatabase, type ScratchDatabase } from "../server/testing/scratch-database";
import { type Nginx, startNginx } from "./support/nginx";
import { ADMIN, type ServerProcess, startServer } from "./support/server-process";

/**
 * Share links across two instances on one PostgreSQL, behind nginx with
 * deploy/nginx.conf: the PIN guesses, their back-off (docs/decisions/0044-share-link-pins.md), the
 * revocation and the access log live in the database, so whichever instance answers counts,
 * refuses and reads the same. No Redis: nothing of a link may
 * depend on the shared rate-limit counters.
 */

const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const PIN = "482193";

type Link = { id: number; token: string; url: string };

describe("share links on two instances", () => {
  let database: ScratchDatabase;
  let work: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let nginx: Nginx;
  let cookie: string;
  let jobId: number;

  /** A call to one instance, as from `address` (TRUST_PROXY=1 takes X-Forwarded-For's last hop, as behind nginx). */
  const call = (
    base: string,
    method: string,
    url: string,
    { body, address, headers = {} }: { body?: object; address?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}), ...(address ? { "x-forwarded-for": address } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** A link to the job made through the first instance, with the PIN. */
  async function newLink(): Promise<Link> {
    const res = await call(first.url, "POST", `/api/jobs/${jobId}/share-links`, {
      headers: { cookie },
      body: { expiresAt: new Date(Date.now() + 86_400_000).toISOString(), pin: PIN, allowDownload: true },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = (await res.json()) as { data: { id: number; url: string } };
    return { ...data, token: new URL(data.url, first.url).pathname.split("/").pop()! };
  }

  const tryPin = (base: string, link: Link, pin: string, address: string) => call(base, "POST", `/api/share/${link.token}/pin`, { body: { pin }, address });

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "skyvantage-share-ops-"));
    database = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_share");
    const migrate = spawn(process.execPath, ["dist/server/migrate.js"], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const [migrateCode] = await once(migrate, "exit");
    expect(migrateCode).toBe(0);
    const shared = { DATABASE_URL: database.url, MIGRATE_ON_START: "false", TRUST_PROXY: "1" };
    [first, second] = await Promise.all([startServer(shared), startServer(shared)]);
    nginx = await startNginx(
      work,
      [first, second].map((server) => Number(new URL(server.url).port)),
    );

    const login = await call(first.url, "POST", "/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    // The job's customer, registered through the other instance.
    const registered = await call(second.url, "POST", "/api/register", {
      body: { username: "share-ops-customer", password: "customer-password", email: "share-ops@example.com", firstName: "Ada", lastName: "" },
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { id: customerId } = (await registered.json()) as { id: number };
    const { data: services } = (await (await call(first.url, "GET", "/api/services", { headers: { cookie } })).json()) as { data: { id: number }[] };
    const job = await call(first.url, "POST", "/api/admin/jobs", {
      headers: { cookie },
      body: { userId: customerId, serviceId: services[0]!.id, title: "Roof survey", site: { name: "Depot", address: "", latitude: null, longitude: null } },
    });
    expect(job.status, await job.clone().text()).toBe(201);
    jobId = ((await job.json()) as { data: { id: number } }).data.id;
  });

  afterAll(async () => {
    nginx?.process.kill("SIGKILL");
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  });

  it("counts wrong PINs from one address on both instances toward one limit across links: 429 on either once it is reached, even for the right PIN", async () => {
    const address = "198.51.100.10";
    for (let guess = 0; guess < SHARE_PIN_LIMITS.perAddress; guess += 1) {
      // A link of its own each time: the per-address limit, not one link's back-off, is what is reached.
      const res = await tryPin(guess % 2 ? second.url : first.url, await newLink(), "000000", address);
      expect(res.status, `guess ${guess + 1}`).toBe(403);
    }
    const link = await newLink();
    for (const instance of [first, second]) {
      const refused = await tryPin(instance.url, link, PIN, address);
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/^Too many wrong PINs\. Please wait \d+ minutes? and try again\.$/);
    }
    // Another address is not held back by this one's guesses, on either instance.
    expect((await tryPin(second.url, link, PIN, "198.51.100.11")).status).toBe(200);
  });

  it("holds an address with a wrong PIN on a link back on the other instance too: the link's back-off is in the database", async () => {
    const link = await newLink();
    // Fourteen wrong PINs from as many addresses, on both instances: the link's back-off is an hour by then.
    for (let guess = 1; guess <= 14; guess += 1)
      expect((await tryPin(guess % 2 ? second.url : first.url, link, "000000", `203.0.113.${guess}`)).status).toBe(403);
    const held = await tryPin(first.url, link, PIN, "203.0.113.14");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(3_000);
  });

  it("lets a wrong-PIN flood from .2–.5 through nginx leave the right PIN from .1 working", async () => {
    const link = await newLink();
    const address = loopbackNetwork();
    const statuses: number[] = [];
    // Real source addresses: nginx sends the one it saw, whichever instance answers.
    for (let round = 0; round < 6; round += 1) {
      for (const host of [2, 3, 4, 5])
        statuses.push((await postFrom(address(host), `${nginx.url}/api/share/${link.token}/pin`, { pin: `${round}00000` })).status);
    }
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
    expect(statuses).toContain(429);
    const right = await postFrom(address(1), `${nginx.url}/api/share/${link.token}/pin`, { pin: PIN });
    expect(right.status).toBe(200);
    expect(right.cookies.some((cookie) => cookie.startsWith("share_pin="))).toBe(true);
  });

  it("logs an opening on one instance in the log the other reads, and a revocation on one stops the other at once", async () => {
    const link = await newLink();
    const unlocked = await tryPin(second.url, link, PIN, "192.0.2.7");
    expect(unlocked.status).toBe(200);
    const proof = (unlocked.headers.get("set-cookie") ?? "").split(";")[0]!;
    const opened = await call(second.url, "GET", `/api/share/${link.token}`, { headers: { cookie: proof }, address: "192.0.2.7" });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ locked: false, title: "Roof survey" });

    const listed = await call(first.url, "GET", `/api/jobs/${jobId}/share-links`, { headers: { cookie } });
    const { data: links } = (await listed.json()) as { data: { id: number; state: string; log: { address: string; what: string }[] }[] };
    const logged = links.find((one) => one.id === link.id);
    expect(logged?.log).toEqual([expect.objectContaining({ address: "192.0.2.7", what: "opened" })]);

    // Through nginx, whichever instance answers, before and after the revocation.
    expect((await call(nginx.url, "GET", `/api/share/${link.token}`, { headers: { cookie: proof } })).status).toBe(200);
    expect((await call(first.url, "DELETE", `/api/share-links/${link.id}`, { headers: { cookie } })).status).toBe(200);
    const gone = await call(second.url, "GET", `/api/share/${link.token}`, { headers: { cookie: proof } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ message: shareLinkMessages.revoked });
    expect((await tryPin(second.url, link, PIN, "192.0.2.8")).status).toBe(410);
    for (let request = 0; request < 4; request += 1)
      expect((await call(nginx.url, "GET", `/api/share/${link.token}`, { headers: { cookie: proof } })).status).toBe(410);
  });
});
