import type { FlightRecord } from "../db/schema";

/** A flight record with every field present: one written before aircraftId and the rest reads null, none (docs/decisions/0072-flight-records.md). */
export type FullFlightRecord = Required<FlightRecord>;

export function fullFlight(record: FlightRecord): FullFlightRecord {
  return {
    aircraftId: null,
    batteryIds: [],
    takeOffAt: null,
    landedAt: null,
    maxHeightMetres: null,
    latitude: null,
    longitude: null,
    log: null,
    ...record,
  };
}
