import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { fieldErrorsOf } from "@common/validation";

/** An error whose message is meant for the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field name → message, for a 400 that names the fields. */
    readonly errors?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";

// Errors the pg driver and PGlite raise when the database cannot be reached, or did not answer in
// time: 57014 is PostgreSQL's cancel at statement_timeout, "Query read timeout" the driver's own
// query_timeout when no answer came at all (db/client.ts).
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P03", "57014", "08006", "08001", "08003"]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|PGlite is closed/i.test(current.message)) return true;
  }
  return false;
}

/** Every error leaves as JSON `{ message }`, plus `errors` per field for validation (DESIGN §3). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(
        error.validation.map((issue) => ({ path: issue.instancePath.split("/").filter(Boolean), message: issue.message ?? "Invalid value" })),
      );
      return reply.code(400).send({ message: Object.values(errors)[0] ?? "Invalid request", errors });
    }
    if (error instanceof HttpError) {
      // Ours to look into when it is on our side (a peer down), not when the request was wrong.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ message: UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Something went wrong on our side. Please try again." });
    }
    return reply.code(status).send({ message: error.message });
  });

}
