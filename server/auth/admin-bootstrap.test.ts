import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { registerUser } from "../testing/factories";
import { createTestApp, pgliteTemplate, type TestApp } from "../testing/test-app";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { bootstrapAdmin } from "./admin-bootstrap";
import { verifyPassword } from "./passwords";

describe("admin bootstrap (DESIGN §3)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const admin = { username: undefined, password: undefined, email: undefined };

  it("creates `admin` with a random password when none is configured and no admin exists, then does nothing", async () => {
    const first = await bootstrapAdmin(t.database.db, admin);
    expect(first.action).toBe("generated");
    if (first.action !== "generated") return;
    expect(first.username).toBe("admin");
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
    expect(row?.role).toBe("admin");
    expect(await verifyPassword(row!.passwordHash, first.password)).toBe(true);
    expect((await bootstrapAdmin(t.database.db, admin)).action).toBe("none");
  });

  it("lets several instances starting at once ensure the same configured admin", async () => {
    const configured = { username: "fleet-admin", password: "configured-pw", email: undefined };
    const results = await Promise.all([1, 2, 3].map(() => bootstrapAdmin(t.database.db, configured)));
    expect(results.map((result) => result.action)).toEqual(["configured", "configured", "configured"]);
    const rows = await t.database.db.select().from(users).where(eq(users.username, "fleet-admin"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("admin");
  });

  it("says which e-mail is in the way when the configured admin cannot be created", async () => {
    const other = await registerUser(t);
    await expect(bootstrapAdmin(t.database.db, { username: "blocked-admin", password: "configured-pw", email: other.user.email, promote: false })).rejects.toThrow(/belongs to another account/);
  });

  it("creates the configured admin, or promotes the existing account and sets its password", async () => {
    const customer = await registerUser(t, { username: "opslead" });
    const result = await bootstrapAdmin(t.database.db, { username: "OpsLead", password: "configured-pw", email: "ops@example.com", promote: true });
    expect(result).toEqual({ action: "configured", username: "OpsLead" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ role: "admin", email: "ops@example.com", promote: true });
    expect(await verifyPassword(row!.passwordHash, "configured-pw")).toBe(true);
    const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "opslead", password: "configured-pw" } });
    expect(login.json().role).toBe("admin");
  });

  it("refuses a half-configured admin at start", () => {
    expect(() => loadConfig({ ADMIN_USERNAME: "boss" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" })).toThrow(/at least 8/);
  });
});

describe("what lands under DATA_DIR", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-datadir-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function filesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
  }

  it("never holds a password in plain text", async () => {
    const password = "Pl41n-T3xt-Sentinel-9f2c";
    const database = await openDatabase({ dataDir, template: await pgliteTemplate() });
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), database, logger: false });
    const res = await app.inject({ method: "POST", url: "/api/register", payload: { username: "sentinel", email: "sentinel@example.com", password } });
    expect(res.statusCode).toBe(201);
    await app.close();
    await database.close();
    const needle = Buffer.from(password);
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    const holding = files.filter((file) => readFileSync(file).includes(needle));
    expect(holding).toEqual([]);
  }, 60_000);
});
