import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** What the job queue (server/queue) opens beside Drizzle: the same PGlite instance, or its own pool on the same URL. */
  connection: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /** How many committed migrations this database has not applied yet (readiness). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The migrations folder sits beside this module in the sources and beside the bundle in
 * dist/server (the build copies it there), so one relative URL serves both.
 */
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Several instances may start at once against one PostgreSQL; only one may migrate.
const MIGRATION_LOCK_ID = 7_720_014;

/** `migrate: false` for deployments that run `npm run db:migrate` on their own (default true). */
export type DatabaseOptions = { migrate?: boolean } &
  /** `statementTimeoutMs`: PostgreSQL cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS); none when omitted. */
  (
    | { databaseUrl: string; onPoolError?: (error: Error) => void; statementTimeoutMs?: number }
    /** `template`: a dumped, already migrated data directory to start from (tests use it to skip initdb). */
    | { dataDir: string | null; template?: Blob }
  );

let committed: number[] | undefined;

/** The `when` of every committed migration, from drizzle-kit's journal, read once: readiness probes ask often. */
function committedMigrations(): number[] {
  if (!committed) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
    committed = journal.entries.map((entry) => entry.when);
  }
  return committed;
}

/** Drizzle's migrator applies every migration newer than the last one it recorded; so does this count. */
async function countPending(db: Database): Promise<number> {
  // Both drivers answer { rows }; the shared Database type cannot say so.
  type Rows<T> = { rows: T[] };
  const table = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as Rows<{ present: boolean }>;
  if (!table.rows[0]?.present) return committedMigrations().length;
  const applied = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as Rows<{
    last: string | number | null;
  }>;
  const last = Number(applied.rows[0]?.last ?? 0);
  return committedMigrations().filter((when) => when > last).length;
}

/**
 * PostgreSQL cancels a statement past the limit (error 57014); the client gives up a little later
 * on its own ("Query read timeout"), for a server that no longer answers at all (a black-holed
 * connection), where no cancel would ever arrive. Both reach the caller as 503 (http/errors.ts).
 */
function statementTimeouts(ms: number | undefined): pg.PoolConfig {
  return ms === undefined ? {} : { statement_timeout: ms, query_timeout: ms + 1_000 };
}

/**
 * PostgreSQL's 128 MB default shared_buffers is zeroed at start inside PGlite's WebAssembly memory,
 * which never shrinks: it alone is about 120 MB of the process's resident memory. This application's
 * whole database is a few MB and the operating system's page cache still holds the files behind it, so
 * 16 MB (2,048 pages) serves as fast (docs/decisions/0018-embedded-database-memory.md). Durability
 * settings stay PGlite's own.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * V8 compiles PGlite's 9 MB WebAssembly module with its baseline compiler (Liftoff) and then again,
 * function by function as they run hot, with its optimising one (TurboFan), keeping both: about 45 MB
 * of an idle server's memory. Liftoff alone keeps 40–60 MB less and, measured through the API benchmark,
 * answers as fast: PostgreSQL's time here goes to the file system and the JavaScript around it, not to
 * its own code (docs/decisions/0029-embedded-database-code-memory.md). The flag is the process's and is
 * set before the module is first compiled; only a process that opens PGlite sets it.
 */
const COMPILE_WASM_ONCE = "--liftoff-only";

function compileWasmOnce(): void {
  v8.setFlagsFromString(COMPILE_WASM_ONCE);
}

const PREPARE_SCRIPT = `
const [pglite, drizzle, migrator, dataPath, startParams, migrationsFolder] = process.argv.slice(1);
const { PGlite } = require(pglite);
(async () => {
  const client = await PGlite.create(dataPath, { startParams: JSON.parse(startParams) });
  if (migrationsFolder) await require(migrator).migrate(require(drizzle).drizzle({ client }), { migrationsFolder });
  await client.close();
})().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * Creates a new data directory, and migrates it when asked, in a child process that exits when done.
 * PGlite runs initdb in a second WebAssembly instance of its own, and the memory that takes (over
 * 400 MB), like the 50 MB or so the first migrations leave, stayed resident in the server for as long
 * as it ran: WebAssembly memory is not handed back until a garbage collection an idle server may never
 * run. The server then opens the directory as it would on any restart, with nothing left to migrate.
 */
async function prepareInChildProcess(dataPath: string, migrate: boolean): Promise<void> {
  const resolve = createRequire(import.meta.url).resolve;
  const args = [
    resolve("@electric-sql/pglite"),
    resolve("drizzle-orm/pglite"),
    resolve("drizzle-orm/pglite/migrator"),
    dataPath,
    JSON.stringify(PGLITE_START_PARAMS),
  ];
  try {
    await promisify(execFile)(process.execPath, ["--liftoff-only", "-e", PREPARE_SCRIPT, ...args, migrate ? migrationsFolder : ""]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`creating the embedded database in ${dataPath} failed${stderr ? `: ${stderr}` : ""}`, { cause: error });
  }
}

/**
 * The database a serving process (web or worker) opens from its configuration: PostgreSQL with the
 * statement timeout when DATABASE_URL is set, else PGlite in DATA_DIR; migrating as MIGRATE_ON_START says.
 */
export function servingDatabaseOptions(
  config: Pick<Config, "databaseUrl" | "dataDir" | "migrateOnStart" | "timeouts">,
  onPoolError: (error: Error) => void,
): DatabaseOptions {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl, migrate: config.migrateOnStart, statementTimeoutMs: config.timeouts.statementMs, onPoolError }
    : { dataDir: config.dataDir, migrate: config.migrateOnStart };
}

/** Opens PostgreSQL when a URL is given, otherwise PGlite (on disk, or in memory for null). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      ...statementTimeouts(options.statementTimeoutMs),
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", (error) => options.onPoolError?.(error));
    const db = drizzlePg({ client: pool, schema });
    if (migrate) {
      // A connection of its own, without the statement timeout: waiting for another instance's
      // migration, or a migration itself, may rightly take longer than any request.
      const lock = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000 });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: lock, schema }), { migrationsFolder });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        await lock.end();
      }
    }
    return {
      db,
      kind: "postgres",
      connection: { kind: "postgres", url: options.databaseUrl },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      pendingMigrations: () => countPending(db),
      close: () => pool.end(),
    };
  }

  const dataPath = options.dataDir === null ? undefined : path.join(options.dataDir, "db");
  if (dataPath) mkdirSync(dataPath, { recursive: true });
  compileWasmOnce();
  const newDirectory = dataPath !== undefined && !options.template && !existsSync(path.join(dataPath, "PG_VERSION"));
  if (newDirectory) await prepareInChildProcess(dataPath, migrate);
  const client = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS, ...(options.template ? { loadDataDir: options.template } : {}) });
  const db = drizzlePglite({ client, schema });
  if (migrate && !newDirectory) await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    connection: { kind: "pglite", client },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pendingMigrations: () => countPending(db),
    close: () => client.close(),
  };
}
