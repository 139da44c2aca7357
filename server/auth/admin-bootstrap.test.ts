import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { registerUser, sessionCookieOf } from "../testing/factories";
import { createTestApp, pgliteTemplate, type TestApp } from "../testing/test-app";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { AdminBootstrapError, bootstrapAdmin } from "./admin-bootstrap";
import { verifyPassword } from "./passwords";

describe("admin bootstrap (docs/architecture.md §3)", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-admin-"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const none = { username: undefined, password: undefined, email: undefined, promote: false };
  const me = (cookie: string) => t.app.inject({ url: "/api/user", headers: { cookie } });

  it("creates `admin` with a random password written once to a file only its owner can read, then does nothing", async () => {
    const first = await bootstrapAdmin(t.database.db, none, dataDir);
    expect(first).toEqual({ action: "generated", username: "admin", passwordFile: path.join(dataDir, "admin-password.txt") });
    if (first.action !== "generated") return;
    expect(statSync(first.passwordFile).mode & 0o777).toBe(0o600);
    const password = /^password: (\S+)$/m.exec(readFileSync(first.passwordFile, "utf8"))?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    // The result, which start-up prints, does not carry it.
    expect(JSON.stringify(first)).not.toContain(password);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
    expect(row?.role).toBe("admin");
    expect(await verifyPassword(row!.passwordHash, password)).toBe(true);

    expect((await bootstrapAdmin(t.database.db, none, dataDir)).action).toBe("none");
    expect(readFileSync(first.passwordFile, "utf8")).toContain(password);
  });

  it("lets several instances starting at once ensure the same configured admin", async () => {
    const configured = { username: "fleet-admin", password: "configured-pw", email: undefined, promote: false };
    const results = await Promise.all([1, 2, 3].map(() => bootstrapAdmin(t.database.db, configured, dataDir)));
    expect(results.map((result) => result.action)).toEqual(["configured", "configured", "configured"]);
    const rows = await t.database.db.select().from(users).where(eq(users.username, "fleet-admin"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("admin");
  });

  it("says which e-mail is in the way when the configured admin cannot be created", async () => {
    const other = await registerUser(t);
    await expect(
      bootstrapAdmin(t.database.db, { username: "blocked-admin", password: "configured-pw", email: other.user.email, promote: false }, dataDir),
    ).rejects.toThrow(/belongs to another account/);
  });

  it("stops start-up rather than promote an existing customer named by ADMIN_USERNAME, leaving the account as it was", async () => {
    const customer = await registerUser(t, { username: "shopkeeper" });
    const attempt = bootstrapAdmin(t.database.db, { username: "Shopkeeper", password: "configured-pw", email: undefined, promote: false }, dataDir);
    await expect(attempt).rejects.toThrow(AdminBootstrapError);
    await expect(attempt).rejects.toThrow(/"Shopkeeper" is an existing customer account, not an admin.*ADMIN_PROMOTE=true/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.role).toBe("customer");
    expect(await verifyPassword(row!.passwordHash, customer.password)).toBe(true);
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });

  it("promotes the existing account with ADMIN_PROMOTE=true, sets its password and ends its old sessions", async () => {
    const customer = await registerUser(t, { username: "opslead" });
    const result = await bootstrapAdmin(t.database.db, { username: "OpsLead", password: "configured-pw", email: "ops@example.com", promote: true }, dataDir);
    expect(result).toEqual({ action: "configured", username: "OpsLead", promoted: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ role: "admin", email: "ops@example.com" });
    expect(await verifyPassword(row!.passwordHash, "configured-pw")).toBe(true);
    // The customer's session would otherwise carry on with the admin's rights.
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "opslead", password: "configured-pw" } });
    expect(login.json().role).toBe("admin");
  });

  it("keeps an existing admin's sessions when it starts again", async () => {
    await bootstrapAdmin(t.database.db, { username: "steady-admin", password: "configured-pw", email: undefined, promote: false }, dataDir);
    const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "steady-admin", password: "configured-pw" } });
    const cookie = sessionCookieOf(login);
    expect(await bootstrapAdmin(t.database.db, { username: "steady-admin", password: "configured-pw", email: undefined, promote: false }, dataDir)).toEqual({
      action: "configured",
      username: "steady-admin",
      promoted: false,
    });
    expect((await me(cookie)).statusCode).toBe(200);
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
