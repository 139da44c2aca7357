import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { fieldErrorsOf } from "@common/validation";
import { DomainError, type DomainErrorKind } from "../domain-errors";

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

/** The status each kind of adapter error answers with. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-many": 429,
  "too-large": 413,
  "unsupported-type": 415,
  unavailable: 503,
};

/** The adapters' error as the HTTP error it answers with (same message, fields and cause). */
export const httpErrorOf = (error: DomainError) => new HttpError(DOMAIN_STATUS[error.kind], error.message, error.errors, { cause: error.cause });

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";

// Errors the pg driver and PGlite raise when the database cannot be reached, or did not answer in
// time: 57014 is PostgreSQL's cancel at statement_timeout, "Query read timeout" the driver's own
// query_timeout when no answer came at all (db/client.ts).
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P03", "57014", "08006", "08001", "08003"]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|PGlite is closed/i.test(
        current.message,
      )
    )
      return true;
  }
  return false;
}

/** Every error leaves as JSON `{ message }`, plus `errors` per field for validation (docs/architecture.md §3). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(
        error.validation.map((issue) => ({ path: issue.instancePath.split("/").filter(Boolean), message: issue.message ?? "Invalid value" })),
      );
      return reply.code(400).send({ message: Object.values(errors)[0] ?? "Invalid request", errors });
    }
    const known = error instanceof DomainError ? httpErrorOf(error) : error;
    if (known instanceof HttpError) {
      // Ours to look into when it is on our side (a peer down), not when the request was wrong.
      if (known.statusCode >= 500) request.log.warn({ err: known.cause ?? error }, known.message);
      return reply.code(known.statusCode).send(known.errors ? { message: known.message, errors: known.errors } : { message: known.message });
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
