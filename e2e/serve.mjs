// Starts the built app for the browser tests on a fresh database: a new PGlite folder, or,
// when DATABASE_URL is set, a new PostgreSQL database created beside the given one.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Playwright may kill this process before its exit handler runs: sweep folders of dead runs.
for (const name of readdirSync(os.tmpdir())) {
  const pid = /^skyvantage-e2e-(\d+)-/.exec(name)?.[1];
  if (!pid) continue;
  try {
    process.kill(Number(pid), 0);
  } catch {
    rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), `skyvantage-e2e-${process.pid}-`));
const state = { dataDir, databaseUrl: undefined };

if (process.env.DATABASE_URL) {
  const name = `skyvantage_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs: dropped unless a run still uses them (then the drop fails).
  const { rows } = await admin.query("select datname from pg_database where datname like 'skyvantage_e2e_%'");
  for (const { datname } of rows) await admin.query(`drop database "${datname}"`).catch(() => undefined);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  state.databaseUrl = url.toString();
}
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
writeFileSync(path.join(import.meta.dirname, ".state.json"), JSON.stringify(state));

Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? "5055",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  // The browser tests send many inquiries from one address; the API tests cover the limits.
  RATE_LIMIT_CONTACT_MAX: "10000",
  RATE_LIMIT_LOGIN_MAX: "10000",
  RATE_LIMIT_REGISTER_MAX: "10000",
  ADMIN_USERNAME: "e2e-admin",
  ADMIN_PASSWORD: "e2e-admin-password",
  ...(state.databaseUrl ? { DATABASE_URL: state.databaseUrl } : {}),
});
await import("../dist/server/index.js");
