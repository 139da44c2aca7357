import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import type { Database } from "../db/client";
import { type FlightRecord, jobEvents, jobs } from "../db/schema";
import { DomainError } from "../domain-errors";
import { findVisibleJob, type Actor } from "../jobs/read-jobs";

// A flight log exported by AirData (CSV) attached to a job's flight record (docs/decisions/0072-flight-records.md).

const FEET = 0.3048;
const MAX_LOG_ROWS = 200_000;

/** What a log tells of its flight. */
interface FlightLogFacts {
  takeOffAt: string;
  landedAt: string;
  durationMinutes: number;
  maxHeightMetres: number | null;
  latitude: number | null;
  longitude: number | null;
  rows: number;
}

const refuse = (message: string): never => {
  throw new DomainError("invalid", message, { file: message });
};

/** The column of the first name the header carries (AirData's names, lowercased), or -1. */
const columnOf = (header: readonly string[], names: readonly string[]) => header.findIndex((name) => names.includes(name));

/**
 * Reads an AirData CSV: `time(millisecond)` from the start, `datetime(utc)` of each row, the
 * position, and the height above take-off in feet (AirData's default, converted) or metres. A
 * file without the time columns or a height and position is not one we recognise: 400 naming what
 * is missing. The flight runs from the first row to the last; its place is the take-off's.
 */
function readAirDataLog(text: string): FlightLogFacts {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    return refuse(`This CSV cannot be read: ${(error as Error).message}`);
  }
  const [rawHeader = [], ...data] = records;
  const header = rawHeader.map((name) => name.toLowerCase().replace(/\s+/g, ""));
  const time = columnOf(header, ["time(millisecond)"]);
  const clock = columnOf(header, ["datetime(utc)"]);
  const latitude = columnOf(header, ["latitude"]);
  const longitude = columnOf(header, ["longitude"]);
  const feet = columnOf(header, ["height_above_takeoff(feet)"]);
  const metres = columnOf(header, ["height_above_takeoff(meters)", "height_above_takeoff(metres)", "height_above_takeoff(m)"]);
  const missing = [
    time < 0 ? "time(millisecond)" : "",
    clock < 0 ? "datetime(utc)" : "",
    latitude < 0 ? "latitude" : "",
    longitude < 0 ? "longitude" : "",
    feet < 0 && metres < 0 ? "height_above_takeoff(feet) or height_above_takeoff(meters)" : "",
  ].filter(Boolean);
  if (missing.length > 0) refuse(`Not an AirData flight log: it has no column ${missing.join(", ")}`);
  if (data.length === 0) refuse("The flight log has no rows");
  if (data.length > MAX_LOG_ROWS) refuse(`The flight log has more than ${MAX_LOG_ROWS} rows`);
  const number = (cells: string[], column: number, row: number): number => {
    const value = Number(cells[column]);
    if (cells[column] === undefined || cells[column] === "" || !Number.isFinite(value)) refuse(`Row ${row}: ${rawHeader[column]} is not a number`);
    return value;
  };
  const firstMs = number(data[0]!, time, 1);
  const lastMs = number(data.at(-1)!, time, data.length);
  const started = Date.parse(`${(data[0]![clock] ?? "").replace(" ", "T")}Z`);
  if (!Number.isFinite(started)) refuse(`Row 1: datetime(utc) is not a date and time`);
  let maxHeight: number | null = null;
  let place: [number, number] | null = null;
  data.forEach((cells, index) => {
    const height = number(cells, feet >= 0 ? feet : metres, index + 1) * (feet >= 0 ? FEET : 1);
    maxHeight = maxHeight === null ? height : Math.max(maxHeight, height);
    const lat = number(cells, latitude, index + 1);
    const lon = number(cells, longitude, index + 1);
    // A logger without a fix writes 0, 0: not a place.
    if (!place && (lat !== 0 || lon !== 0)) place = [lat, lon];
  });
  const span = Math.max(0, lastMs - firstMs);
  const found = place as [number, number] | null;
  return {
    takeOffAt: new Date(started).toISOString(),
    landedAt: new Date(started + span).toISOString(),
    durationMinutes: Math.max(0.1, Math.round(span / 6_000) / 10),
    maxHeightMetres: maxHeight === null ? null : Math.round((maxHeight as number) * 10) / 10,
    latitude: found ? found[0] : null,
    longitude: found ? found[1] : null,
    rows: data.length,
  };
}

/**
 * POST /api/admin/jobs/:id/flight-log: the log's take-off, landing, duration, highest height and
 * place replace the flight record's, with the log's name, in one transaction with the job's history;
 * the file itself is not kept. The job must have its flight recorded (Mark flown) first: 409.
 */
export async function attachFlightLog(db: Database, actor: Actor, jobId: number, fileName: string, text: string): Promise<FlightRecord> {
  const visible = await findVisibleJob(db, actor, jobId);
  const facts = readAirDataLog(text);
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, visible.id)).for("update");
    if (!job?.flight) throw new DomainError("conflict", "Record the flight (Mark flown) before attaching its log", { status: "Mark the job flown first" });
    const { rows, ...fields } = facts;
    const flight: FlightRecord = {
      ...job.flight,
      ...fields,
      flownOn: calendarDateIn(job.timeZone, new Date(facts.takeOffAt)),
      log: { fileName, rows, importedAt: new Date().toISOString() },
    };
    await tx.update(jobs).set({ flight, updatedAt: new Date() }).where(eq(jobs.id, job.id));
    await tx.insert(jobEvents).values({
      jobId: job.id,
      fromStatus: job.status,
      toStatus: job.status,
      byUserId: actor.id,
      note: `Flight log ${fileName} attached: ${facts.durationMinutes} min, ${facts.maxHeightMetres ?? "no"} m at most`,
    });
    return flight;
  });
}
