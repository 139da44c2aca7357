import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pathId } from "@common/contract/wire";
import { currentUser, requireStaff } from "../../auth/session-hook";
import type { BillingSource } from "../../billing/settings";
import type { Database } from "../../db/client";
import { DomainError } from "../../domain-errors";
import { type FlightFilter, flightLogCsv, flightLogPdf, loggedFlights } from "../../flights/flight-log-export";
import { answers } from "../../http/answers";

const CALLERS = "The admins, for every flight; a pilot for their own only (another pilotId is 403); a customer gets 403, a visitor 401.";
const FILTERS =
  "`from` and `to` (YYYY-MM-DD, the days flown, both included), `pilotId`, `aircraftId` (the fleet's aircraft a record names), `jobId` (one job's flight); 400 names a bad one, and `to` before `from`.";

const day = (field: string) => z.iso.date({ message: `${field} is a date as YYYY-MM-DD` }).optional();
const filterSchema = z
  .object({
    from: day("from"),
    to: day("to"),
    pilotId: pathId("pilotId").optional(),
    aircraftId: pathId("aircraftId").optional(),
    jobId: pathId("jobId").optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: "to is on or after from", path: ["to"] });

/** A pilot's log is their own: the filter's pilot is theirs, and asking for another's is refused. */
function filterFor(request: FastifyRequest, filter: FlightFilter): FlightFilter {
  const user = currentUser(request);
  if (user.role === "admin") return filter;
  if (filter.pilotId !== undefined && filter.pilotId !== user.id) throw new DomainError("forbidden", "A pilot exports only their own flights");
  return { ...filter, pilotId: user.id };
}

/** The flight log's exports (docs/decisions/0072-flight-records.md): GET /api/admin/flights.csv and .pdf. */
export const adminFlightLogRoutes: FastifyPluginAsync<{ db: Database; billing: BillingSource }> = async (base, { db, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const download = (type: string, extension: string) => ({
    ...answers({}),
    200: { description: `The flight log as ${extension.toUpperCase()}`, content: { [type]: { schema: z.string().meta({ format: "binary" }) } } },
  });

  /** GET /api/admin/flights.csv — a row per recorded flight, oldest first. */
  app.get(
    "/api/admin/flights.csv",
    {
      preValidation: requireStaff,
      schema: {
        description: `${CALLERS} The recorded flights, oldest first, one row each: job, customer, day, take-off, landing, minutes, maximum height (m), place, pilot, aircraft and its registration, weather, the imported log. ${FILTERS}`,
        querystring: filterSchema,
        response: download("text/csv", "csv"),
      },
    },
    async (request, reply) => {
      const flights = await loggedFlights(db, filterFor(request, request.query));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="flight-log.csv"')
        .header("cache-control", "private, no-store")
        .send(flightLogCsv(flights) as never);
    },
  );

  /** GET /api/admin/flights.pdf — the same flights for an inspector, with what the log covers. */
  app.get(
    "/api/admin/flights.pdf",
    {
      preValidation: requireStaff,
      schema: {
        description: `${CALLERS} The recorded flights as a PDF, with the range and the pilot or aircraft it covers, the number of flights and the time flown. ${FILTERS}`,
        querystring: filterSchema,
        response: download("application/pdf", "pdf"),
      },
    },
    async (request, reply) => {
      const filter = filterFor(request, request.query);
      const pdf = await flightLogPdf(await loggedFlights(db, filter), filter, (await billing()).business);
      return reply
        .type("application/pdf")
        .header("content-disposition", 'attachment; filename="flight-log.pdf"')
        .header("cache-control", "private, no-store")
        .send(pdf as never);
    },
  );
};
