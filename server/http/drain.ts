import type { FastifyInstance } from "fastify";

/**
 * Graceful shutdown (SIGTERM): Fastify stops accepting connections and waits for those open to
 * end. A keep-alive connection busy at that moment (a proxy's, a client's upload) would
 * otherwise stay open after its answer and hold the process until the shutdown timeout. So while
 * closing, every answer says `Connection: close`, and connections that fall idle are closed.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    draining = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    sweeper.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
}
