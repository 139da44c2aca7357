import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  /** The new database's URL: the base URL with another database name. */
  url: string;
  drop(): Promise<void>;
}

async function run(baseUrl: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

// How long a drop lets the database's own sessions finish closing before it terminates them.
const CLOSING_POLLS = 50;
const CLOSING_POLL_MS = 100;

/**
 * Drops the database once its sessions are gone. A pool's end() resolves before its sockets have
 * closed, and `with (force)` terminating a session still closing makes its pg client emit a FATAL
 * 57P01 with nobody listening: an uncaught error in the test run. So the sessions are given up to
 * five seconds to close by themselves; force is only the fallback for one left open.
 */
async function dropWhenClosed(baseUrl: string, name: string): Promise<void> {
  for (let poll = 0; poll < CLOSING_POLLS; poll += 1) {
    const { rows } = await run(baseUrl, "select count(*)::int as sessions from pg_stat_activity where datname = $1", [name]);
    if ((rows[0] as { sessions: number }).sessions === 0) break;
    await new Promise((resolve) => setTimeout(resolve, CLOSING_POLL_MS));
  }
  await run(baseUrl, `drop database if exists ${name} with (force)`);
}

/** A new, empty PostgreSQL database beside the one `baseUrl` names, so runs never share tables. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await run(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropWhenClosed(baseUrl, name) };
}
