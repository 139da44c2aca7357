import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
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
export type DatabaseOptions = { migrate?: boolean } & (
  /** `statementTimeoutMs`: PostgreSQL cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS); none when omitted. */
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
  const applied = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as Rows<{ last: string | number | null }>;
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

const INITDB_SCRIPT = `
const [pglite, dataPath, startParams] = process.argv.slice(1);
const { PGlite } = require(pglite);
PGlite.create(dataPath, { startParams: JSON.parse(startParams) }).then((db) => db.close());
`;

/**
 * Creates a new data directory in a child process that exits when done. PGlite runs initdb in a second
 * WebAssembly instance of its own, and the memory that takes (over 400 MB) stayed resident in the
 * server for as long as it ran: WebAssembly memory is not handed back until a garbage collection an
 * idle server may never run. The server then opens the directory as it would on any restart.
 */
async function initdbInChildProcess(dataPath: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  try {
    await promisify(execFile)(process.execPath, ["-e", INITDB_SCRIPT, pglite, dataPath, JSON.stringify(PGLITE_START_PARAMS)]);
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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000, ...statementTimeouts(options.statementTimeoutMs) });
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

  let dataPath: string | undefined;
  if (options.dataDir !== null) {
    dataPath = path.join(options.dataDir, "db");
    mkdirSync(dataPath, { recursive: true });
  }
  if (dataPath && !options.template && !existsSync(path.join(dataPath, "PG_VERSION"))) await initdbInChildProcess(dataPath);
  const client = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS, ...(options.template ? { loadDataDir: options.template } : {}) });
  const db = drizzlePglite({ client, schema });
  if (migrate) await migratePglite(db, { migrationsFolder });
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
