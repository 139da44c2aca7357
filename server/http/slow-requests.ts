import type { ServerOptions } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * The slowest a body may arrive once REQUEST_TIMEOUT_MS has passed: 64 KB/s, a poor mobile uplink.
 * A 1000 MB video sent at 1 MB/s takes 17 minutes and is allowed about 21; one byte a second is cut
 * at REQUEST_TIMEOUT_MS.
 */
const MIN_BODY_BYTES_PER_SECOND = 64 * 1024;

const TIMED_OUT = JSON.stringify({ message: "The request took too long to arrive" });

/**
 * Node's own limits for the HTTP server. Headers must be complete within HEADERS_TIMEOUT_MS. Node
 * looks at its connections only every connectionsCheckingInterval (30 s by default), so that is set
 * to a fraction of the limit. Node's requestTimeout (the whole request, body included) stays off: a
 * fixed limit would cut an honest 1000 MB upload on a slow line; registerBodyDeadline replaces it.
 */
export function httpServerOptions(timeouts: Config["timeouts"]): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: 0,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
  };
}

/**
 * A body must arrive within REQUEST_TIMEOUT_MS plus the time its bytes so far would take at
 * MIN_BODY_BYTES_PER_SECOND: a deadline that moves with progress, so a slow but honest upload goes
 * on while a connection dribbling bytes is answered 408 and closed. And it may never stall for
 * HEADERS_TIMEOUT_MS, so a fast start banks no time for a long silence. An upload cut this way
 * leaves nothing behind: receiveUpload removes what was stored.
 */
export function registerBodyDeadline(app: FastifyInstance, { requestMs, headersMs: idleMs }: Config["timeouts"]): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    const { socket } = raw;
    const length = raw.headers["content-length"];
    const hasBody = length !== undefined ? length !== "0" : raw.headers["transfer-encoding"] !== undefined;
    // app.inject() has no connection to time out.
    if (!hasBody || raw.complete || !(socket instanceof Socket)) return done();
    const startedAt = Date.now();
    const bytesBefore = socket.bytesRead;
    let bytesSeen = bytesBefore;
    let movedAt = startedAt;
    // Progress is read from the socket's byte count, never from the body stream, which the route reads.
    const pollMs = Math.max(50, Math.floor(idleMs / 4));
    let timer: NodeJS.Timeout | undefined;
    let waitedOnUs = 0;
    let checkedAt = startedAt;
    const check = () => {
      if (raw.complete || socket.destroyed) return;
      const now = Date.now();
      // While the route holds the body back (its store is slower than the client), the clock is ours, not the client's.
      if (raw.isPaused()) {
        waitedOnUs += now - checkedAt;
        movedAt = now;
      }
      checkedAt = now;
      if (socket.bytesRead !== bytesSeen) {
        bytesSeen = socket.bytesRead;
        movedAt = now;
      }
      const received = bytesSeen - bytesBefore;
      const deadline = Math.min(startedAt + waitedOnUs + requestMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000, movedAt + idleMs);
      if (now < deadline) {
        timer = setTimeout(check, Math.min(deadline - now, pollMs));
        return;
      }
      request.log.info({ received, ms: now - startedAt }, "request body too slow: closing the connection");
      if (socket.writable && !reply.raw.headersSent) {
        socket.end(
          `HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(TIMED_OUT)}\r\n\r\n${TIMED_OUT}`,
          () => socket.destroy(),
        );
      } else socket.destroy();
    };
    timer = setTimeout(check, pollMs);
    const stop = () => clearTimeout(timer);
    raw.once("end", stop);
    raw.once("close", stop);
    done();
  });
}
