import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { requireAdmin } from "../auth/session-hook";

/** Upload routes and what they store, for the upload counters. */
const UPLOAD_ROUTES: Record<string, string> = {
  "/api/admin/reports": "report",
  "/api/admin/media": "media",
  "/api/upload-media": "gallery",
};

declare module "fastify" {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app, so in-process test apps do not share counters). */
    metrics: Registry;
  }
}

/**
 * Prometheus metrics: request rate and errors (by route and status), latency, uploads. Read at
 * GET /api/metrics by admins, or, with METRICS_PORT, on a port of its own for the scraper.
 */
export function registerMetrics(app: FastifyInstance, { processMetrics }: { processMetrics: boolean }): void {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by method, route pattern and status class",
    labelNames: ["method", "route", "status_class"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers: [registry],
  });
  const uploads = new Counter({
    name: "uploads_total",
    help: "Uploads by kind and outcome (stored or refused)",
    labelNames: ["kind", "outcome"],
    registers: [registry],
  });
  const uploadBytes = new Counter({ name: "upload_bytes_total", help: "Bytes of stored uploads, by kind", labelNames: ["kind"], registers: [registry] });

  app.decorate("metrics", registry);
  app.addHook("onResponse", (request, reply, done) => {
    // The route pattern, never the raw URL: ids and query strings would make endless series.
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    const kind = request.method === "POST" ? UPLOAD_ROUTES[route] : undefined;
    if (kind) {
      const stored = status < 400;
      uploads.inc({ kind, outcome: stored ? "stored" : "refused" });
      if (stored) uploadBytes.inc({ kind }, Number(request.headers["content-length"]) || 0);
    }
    done();
  });

  /** GET /api/metrics — admins only (401 visitors, 403 customers). */
  app.get("/api/metrics", { preValidation: requireAdmin }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
