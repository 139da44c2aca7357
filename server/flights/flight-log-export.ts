import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { isNotNull } from "drizzle-orm";
import { personName } from "@common/person-name";
import { guardFormula } from "@common/spreadsheet-text";
import type { Database } from "../db/client";
import { aircraft, jobs, users } from "../db/schema";
import { fullFlight } from "../jobs/flight-record";
import { formatDate } from "../pdf/format";
import { renderPdf } from "../pdf/pdf";
import type { DocumentBusiness } from "../pdf/types";

// The flight log the business keeps (docs/decisions/0072-flight-records.md): every recorded flight,
// by date range, pilot, aircraft or job, as a CSV for a spreadsheet and a PDF for an inspector.

export interface FlightFilter {
  from?: string | undefined;
  to?: string | undefined;
  pilotId?: number | undefined;
  aircraftId?: number | undefined;
  /** One job's flight: what a client's safety department asks for with the compliance packet. */
  jobId?: number | undefined;
}

/** One recorded flight as the log lists it. */
interface LoggedFlight {
  jobId: number;
  job: string;
  customer: string;
  flownOn: string;
  takeOffAt: string;
  landedAt: string;
  durationMinutes: string;
  maxHeightMetres: string;
  latitude: string;
  longitude: string;
  pilot: string;
  aircraft: string;
  registration: string;
  weather: string;
  log: string;
}

const COLUMNS = [
  "jobId",
  "job",
  "customer",
  "flownOn",
  "takeOffAt",
  "landedAt",
  "durationMinutes",
  "maxHeightMetres",
  "latitude",
  "longitude",
  "pilot",
  "aircraft",
  "registration",
  "weather",
  "log",
] as const satisfies readonly (keyof LoggedFlight)[];

const text = (value: number | null | undefined, digits?: number) =>
  value === null || value === undefined ? "" : digits === undefined ? String(value) : value.toFixed(digits);

/**
 * The recorded flights the filter keeps, oldest first: a flight's pilot is the one its record
 * names (else the job's), its aircraft the fleet's one it names (an older record's free text
 * otherwise, which no aircraft filter matches).
 */
export async function loggedFlights(db: Database, filter: FlightFilter): Promise<LoggedFlight[]> {
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, userId: jobs.userId, pilotId: jobs.pilotId, flight: jobs.flight })
    .from(jobs)
    .where(isNotNull(jobs.flight));
  const people = new Map((await db.select().from(users)).map((user) => [user.id, user]));
  const fleet = new Map((await db.select().from(aircraft)).map((craft) => [craft.id, craft]));
  return rows
    .map((row) => ({ ...row, flight: fullFlight(row.flight!) }))
    .map((row) => ({ ...row, pilotId: row.flight.pilotId ?? row.pilotId }))
    .filter(
      ({ id, flight, pilotId }) =>
        (!filter.from || flight.flownOn >= filter.from) &&
        (!filter.to || flight.flownOn <= filter.to) &&
        (filter.pilotId === undefined || pilotId === filter.pilotId) &&
        (filter.aircraftId === undefined || flight.aircraftId === filter.aircraftId) &&
        (filter.jobId === undefined || id === filter.jobId),
    )
    .sort((a, b) => a.flight.flownOn.localeCompare(b.flight.flownOn) || a.id - b.id)
    .map(({ id, title, userId, pilotId, flight }) => {
      const customer = people.get(userId);
      const pilot = pilotId === null ? undefined : people.get(pilotId);
      const craft = flight.aircraftId === null ? undefined : fleet.get(flight.aircraftId);
      return {
        jobId: id,
        job: title,
        customer: customer ? customer.company || personName(customer) : "",
        flownOn: flight.flownOn,
        takeOffAt: flight.takeOffAt ?? "",
        landedAt: flight.landedAt ?? "",
        durationMinutes: text(flight.durationMinutes),
        maxHeightMetres: text(flight.maxHeightMetres),
        latitude: text(flight.latitude, 5),
        longitude: text(flight.longitude, 5),
        pilot: pilot ? personName(pilot) : "",
        aircraft: craft ? `${craft.make} ${craft.model} (${craft.serial})` : flight.aircraft,
        registration: craft?.registration ?? "",
        weather: [flight.wind && `wind ${flight.wind}`, flight.temperature, flight.cloud && `cloud ${flight.cloud}`].filter(Boolean).join(", "),
        log: flight.log ? `${flight.log.fileName} (${flight.log.rows} rows)` : "",
      };
    });
}

/** The log as CSV, a header row and a row per flight; text that a spreadsheet would run as a formula is guarded. */
export function flightLogCsv(flights: readonly LoggedFlight[]): Readable {
  const csv = stringify({ header: true, columns: [...COLUMNS], bom: false });
  Readable.from(flights.map((flight) => Object.fromEntries(COLUMNS.map((column) => [column, guardFormula(String(flight[column]))])))).pipe(csv);
  return csv;
}

/** What the PDF's heading says the log holds: its dates and whose or which aircraft's flights. */
function scope(filter: FlightFilter, flights: readonly LoggedFlight[]): string[] {
  const dates =
    filter.from || filter.to
      ? `From ${filter.from ? formatDate(filter.from) : "the first flight"} to ${filter.to ? formatDate(filter.to) : "today"}`
      : "All dates";
  return [
    dates,
    ...(filter.pilotId !== undefined ? [`Pilot: ${flights[0]?.pilot || `#${filter.pilotId}`}`] : []),
    ...(filter.aircraftId !== undefined ? [`Aircraft: ${flights[0]?.aircraft || `#${filter.aircraftId}`}`] : []),
    ...(filter.jobId !== undefined ? [`Job: ${flights[0] ? `${flights[0].job} (job ${filter.jobId})` : `#${filter.jobId}`}`] : []),
  ];
}

/** The log as a PDF: the filter in its heading, then a row per flight with its job, pilot, aircraft and measures. */
export function flightLogPdf(flights: readonly LoggedFlight[], filter: FlightFilter, business: DocumentBusiness): Promise<Buffer> {
  const minutes = flights.reduce((sum, flight) => sum + (Number(flight.durationMinutes) || 0), 0);
  return renderPdf("Flight log", business, (pdf) => {
    pdf.header(business);
    pdf.title("Flight log");
    pdf.details(
      [{ heading: "Flights", lines: scope(filter, flights) }],
      [
        ["Flights", String(flights.length)],
        ["Time flown", `${(minutes / 60).toFixed(1)} h`],
      ],
    );
    pdf.table(
      [
        { heading: "Date", width: 70 },
        { heading: "Job" },
        { heading: "Pilot", width: 90 },
        { heading: "Aircraft", width: 120 },
        { heading: "Minutes", width: 50, align: "right" },
        { heading: "Max m", width: 45, align: "right" },
      ],
      flights.length
        ? flights.map((flight) => ({
            cells: [flight.flownOn, `${flight.job} (job ${flight.jobId})`, flight.pilot, flight.aircraft, flight.durationMinutes, flight.maxHeightMetres],
            note: [flight.customer, flight.registration && `registration ${flight.registration}`, flight.weather, flight.log && `log ${flight.log}`]
              .filter(Boolean)
              .join(" · "),
          }))
        : [{ cells: ["", "No flight recorded in this range", "", "", "", ""] }],
    );
  });
}
