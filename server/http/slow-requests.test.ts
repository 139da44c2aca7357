import { connect, type AddressInfo, type Socket } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, services } from "../db/schema";
import { LocalDiskStorage } from "../storage/local-disk";
import type { Storage } from "../storage/storage";
import { createAdmin, type TestUser } from "../testing/factories";
import { multipartBody, sampleFiles } from "../testing/multipart";
import { createTestApp, type TestApp } from "../testing/test-app";

// Far above the configured limits, so a busy machine cannot fail the test, and far below "never".
const GENEROUS_MS = 15_000;

/** What the server sent before it closed the connection, or a failure if it kept it open. */
function untilClosed(socket: Socket): Promise<string> {
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`connection still open after ${GENEROUS_MS} ms`)), GENEROUS_MS);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on("error", () => undefined);
  });
}

/** Sends the head at once, then `dribble` one byte every 100 ms until the server hangs up. */
function dribble(port: number, head: string, dribble: string): Socket {
  const socket = connect(port, "127.0.0.1", () => {
    socket.write(head);
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) return clearInterval(timer);
      socket.write(dribble[sent % dribble.length]!);
      sent += 1;
    }, 100);
    socket.on("close", () => clearInterval(timer));
  });
  return socket;
}

describe("a client that sends slowly is cut off; an honest slow upload is not", () => {
  let t: TestApp;
  let port: number;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ HEADERS_TIMEOUT_MS: "500", REQUEST_TIMEOUT_MS: "1000" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  it("answers 408 and closes a connection whose headers arrive a byte a second", async () => {
    const socket = dribble(port, "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", "abcdefgh");
    expect(await untilClosed(socket)).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers 408 and closes a connection whose body arrives a byte a second", async () => {
    const head = "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n";
    const socket = dribble(port, head, '{"name":"slow"}');
    const answer = await untilClosed(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"The request took too long to arrive"}');
  });

  it("answers 408 and closes a connection whose body stops halfway", async () => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n");
      socket.write(`{"name":"${"a".repeat(1990)}`);
    });
    expect(await untilClosed(socket)).toMatch(/^HTTP\/1\.1 408/);
  });

  it("lets an upload that keeps coming run past REQUEST_TIMEOUT_MS", async () => {
    const before = await t.database.db.$count(media);
    expect(await uploadSlowly(t, port, admin)).toBe(201);
    expect(await t.database.db.$count(media)).toBe(before + 1);
  });
});

describe("a store slower than the client", () => {
  let t: TestApp;
  let port: number;
  let admin: TestUser;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-slow-store-"));
    const disk = new LocalDiskStorage(root);
    // Reads nothing for longer than both limits, then stores at disk speed: the client waits on us.
    const slowStore: Storage = {
      put: async (key: string, body: Readable) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return disk.put(key, body);
      },
      read: (key, range) => disk.read(key, range),
      stat: (key) => disk.stat(key),
      delete: (key) => disk.delete(key),
      sweepIncomplete: () => disk.sweepIncomplete(),
    };
    t = await createTestApp({ HEADERS_TIMEOUT_MS: "500", REQUEST_TIMEOUT_MS: "1000" }, { storage: slowStore });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it("does not cut the client off for the time the store held its body back", async () => {
    expect(await uploadSlowly(t, port, admin)).toBe(201);
  });
});

/** A 3 MB video sent 128 KB every 100 ms (1.3 MB/s, about 2.5 s in all); the answer's status. */
async function uploadSlowly(t: TestApp, port: number, admin: TestUser): Promise<number> {
  const [service] = await t.database.db.select().from(services).limit(1);
  const video = Buffer.concat([sampleFiles.mp4, Buffer.alloc(3 * 1024 * 1024, 7)]);
  const fields = { userId: String(admin.user.id), serviceId: String(service!.id), title: "Slow line", description: "Sent in pieces" };
  const { payload, headers } = await multipartBody(fields, { name: "flight.mp4", type: "video/mp4", content: video });
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= payload.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.enqueue(payload.subarray(offset, offset + 128 * 1024));
      offset += 128 * 1024;
    },
  });
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/media`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { ...headers, "content-length": String(payload.length), cookie: admin.cookie },
  } as RequestInit);
  return res.status;
}
