import { createHash } from "node:crypto";
import pg from "pg";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";

/** How long a request waits for an upload's lock before it is answered 500 (tus's ERR_LOCK_TIMEOUT), as @tus/server's MemoryLocker. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;
/** Where an instance asks the lock's holder, whichever instance it is, to let go: tus's "request release". */
const RELEASE_CHANNEL = "tus_upload_release";

/** The advisory lock key of an upload: 64 bits of the SHA-256 of its id (signed, as PostgreSQL's bigint). */
const keyOf = (id: string): string => createHash("sha256").update(`tus:${id}`).digest().readBigInt64BE(0).toString();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @tus/server's Locker across instances (docs/decisions/0036-resumable-uploads.md): an upload's lock
 * is a PostgreSQL session advisory lock, held on one connection per instance. Within an instance a
 * map tells which request holds which upload (advisory locks are re-entrant per session, so the map,
 * not PostgreSQL, keeps two requests of one instance apart). A request that finds the lock taken
 * NOTIFYs the holder's instance, which asks its request to stop (a client that reconnected after a
 * dropped connection gets its upload back at once, not when the dead request times out). A crashed
 * instance's connection closes, and PostgreSQL frees its locks.
 */
export class PostgresLocker implements Locker {
  private client: Promise<pg.Client> | undefined;
  /** The uploads whose lock a request of this instance holds, with how to ask it to let go. */
  readonly held = new Map<string, RequestRelease>();

  constructor(private readonly url: string) {}

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** The instance's lock connection, opened on first use and again after it is lost. */
  connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: "skyvantage-upload-locks" });
      const lost = () => {
        // Its locks went with it: every holder here is asked to stop, and the next lock opens a new connection.
        if (this.client) this.client = undefined;
        for (const release of this.held.values()) void release();
      };
      client.on("error", lost);
      client.on("end", lost);
      client.on("notification", (message) => {
        if (message.channel === RELEASE_CHANNEL && message.payload) void this.held.get(message.payload)?.();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      } catch (error) {
        this.client = undefined;
        await client.end().catch(() => undefined);
        throw error;
      }
      return client;
    })();
    return this.client;
  }

  async tryLock(id: string): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [keyOf(id)]);
    return rows[0]?.locked === true;
  }

  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("SELECT pg_notify($1, $2)", [RELEASE_CHANNEL, id]);
  }

  async unlock(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("SELECT pg_advisory_unlock($1::bigint)", [keyOf(id)]);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client).end().catch(() => undefined);
  }
}

class PostgresLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (!signal.aborted && Date.now() < deadline) {
      const holder = this.locker.held.get(this.id);
      if (holder) {
        // A request of this instance has it: ask it to stop, and wait for its unlock.
        await holder();
      } else {
        // Taken here before the query, so no second request of this instance slips in meanwhile.
        this.locker.held.set(this.id, requestRelease);
        let locked = false;
        try {
          locked = await this.locker.tryLock(this.id);
        } finally {
          if (!locked) this.locker.held.delete(this.id);
        }
        if (locked) return;
        await this.locker.askRelease(this.id);
      }
      await pause(RETRY_MS);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    this.locker.held.delete(this.id);
    await this.locker.unlock(this.id);
  }
}
