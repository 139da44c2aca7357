import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";

// Aircraft hours and battery cycles follow from the recorded flights (docs/decisions/0072-flight-records.md):
// computed from the jobs' flight records each time, never stored beside them.

type Reader = Pick<Database, "select">;

export interface AircraftUsage {
  /** The recorded flights' minutes, summed. */
  minutes: number;
  flights: number;
}

/** Per aircraft id, what its recorded flights add up to; an aircraft no flight names is absent. */
export async function aircraftUsage(db: Reader): Promise<Map<number, AircraftUsage>> {
  const aircraftId = sql<number>`(${jobs.flight}->>'aircraftId')::int`;
  const rows = await db
    .select({
      aircraftId,
      minutes: sql<string>`coalesce(sum((${jobs.flight}->>'durationMinutes')::numeric), 0)`,
      flights: sql<number>`count(*)::int`,
    })
    .from(jobs)
    .where(sql`jsonb_typeof(${jobs.flight}->'aircraftId') = 'number'`)
    .groupBy(aircraftId);
  return new Map(rows.map((row) => [Number(row.aircraftId), { minutes: Number(row.minutes), flights: row.flights }]));
}

/** Per battery id, how many flight records name it. */
export async function batteryFlights(db: Pick<Database, "execute">): Promise<Map<number, number>> {
  // Both drivers answer { rows }; the shared Database type cannot say so (as in server/db/client.ts).
  const result = (await db.execute(sql`
    select battery.value::int as "batteryId", count(*)::int as "flights"
      from ${jobs}
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(${jobs.flight}->'batteryIds') = 'array' then ${jobs.flight}->'batteryIds' else '[]'::jsonb end
      ) as battery(value)
     group by battery.value`)) as unknown as { rows: { batteryId: number; flights: number }[] };
  return new Map(result.rows.map((row) => [Number(row.batteryId), Number(row.flights)]));
}

/** An aircraft's hours in tenths: those it had when recorded plus its recorded flights'. */
export const totalHoursTenths = (before: number, usage: AircraftUsage | undefined): number => before + Math.round((usage?.minutes ?? 0) / 6);
