import { z } from "zod";
import { id, isoDate, successOf } from "./wire";

const count = z.number().int().nonnegative();
const cents = z.number().int();
/** An address of the back office: the list behind the figure (common/back-office-links.ts). */
const href = z.string();

/** A figure: how many, and where the list behind it is. */
const figureSchema = z.object({ count, href });
/** A figure of money: how many, their total in cents, and where the list behind it is. */
const moneyFigureSchema = figureSchema.extend({ total: cents });

const flightSchema = z.object({ jobId: id, jobTitle: z.string(), start: isoDate, end: isoDate, timeZone: z.string(), href });

/**
 * GET /api/admin/overview (docs/decisions/0057-back-office-home.md): the back office's home, each
 * figure computed by the module that computes it for its own list, in cents of `currency`.
 */
export const adminOverviewSchema = z.object({
  currency: z.string(),
  /** Quote requests waiting for the business's answer, and when the oldest of them came. */
  requests: figureSchema.extend({ oldest: isoDate.nullable() }),
  /** Estimates sent, waiting for their customer's answer (neither answered nor expired), at their totals as sent. */
  estimatesSent: moneyFigureSchema,
  /** Open invoices with a balance, and what is left to pay of them. */
  owed: moneyFigureSchema,
  /** Of those, the ones past their due day in the business's time zone. */
  overdue: moneyFigureSchema,
  /** Deposits paid in the business's calendar month (`month`, YYYY-MM, in BUSINESS_TIME_ZONE). */
  deposits: moneyFigureSchema.extend({ month: z.string() }),
  /** Jobs flown and waiting for processing, and jobs processing and waiting for delivery. */
  jobsInProgress: figureSchema.extend({ flown: figureSchema, processing: figureSchema }),
  /** Critical findings in the open state, with the jobs they are on. */
  criticalFindings: figureSchema.extend({ jobs: z.array(z.object({ jobId: id, jobTitle: z.string(), count, href })) }),
  /** Flights whose window starts in the next FLIGHT_HORIZON_DAYS days (common/flights.ts), by pilot, each pilot's soonest first. */
  flights: figureSchema.extend({
    pilots: z.array(z.object({ pilotId: id.nullable(), pilotName: z.string().nullable(), flights: z.array(flightSchema) })),
  }),
});
export type AdminOverview = z.input<typeof adminOverviewSchema>;

export const adminOverviewAnswerSchema = successOf(adminOverviewSchema);
