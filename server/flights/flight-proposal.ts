import type { FlightProposal, ProposedFlight, SkippedPhoto } from "@common/contract/flight-proposal";
import type { PhotoFacts } from "./photo-facts";

/**
 * A pause between two photos longer than this ends a flight: a survey takes a photo every few
 * seconds and a pilot may hold the drone still for some minutes (a panorama, a check of the
 * thermal camera), while a landing, a battery swap and a take-off take longer
 * (docs/decisions/0069-flights-from-photos.md).
 */
export const FLIGHT_GAP_MINUTES = 10;

export const skipReasons = {
  unreadable: "Not a photo whose EXIF could be read",
  noTime: "No time taken in the photo's EXIF",
  noPosition: "No GPS position in the photo's EXIF",
  noTimeNoPosition: "No time taken and no GPS position in the photo's EXIF",
} as const;

/** A photo of the job with what it says, or null when it could not be read as one. */
export interface JobPhoto {
  mediaId: number;
  facts: PhotoFacts | null;
}

/** An aircraft of the business and the serials it answers to (its own, its payloads'). */
export interface KnownAircraft {
  id: number;
  serials: readonly string[];
}

interface PlacedPhoto {
  mediaId: number;
  at: number;
  lat: number;
  lon: number;
  heightMetres: number | null;
  serial: string | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Why a photo cannot place a flight, or null when it can. */
function missing(facts: PhotoFacts | null): string | null {
  if (!facts) return skipReasons.unreadable;
  const timed = facts.takenAt !== null;
  const placed = facts.lat !== null && facts.lon !== null;
  if (!timed && !placed) return skipReasons.noTimeNoPosition;
  if (!timed) return skipReasons.noTime;
  if (!placed) return skipReasons.noPosition;
  return null;
}

/** The value most of the items carry (the first such on a tie), or null when none carries one. */
function mostCommon(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

const normalSerial = (serial: string) => serial.trim().toUpperCase();

function flightOf(photos: readonly PlacedPhoto[], aircraft: readonly KnownAircraft[]): ProposedFlight {
  const first = photos[0]!;
  const last = photos.at(-1)!;
  const heights = photos.map((photo) => photo.heightMetres).filter((height): height is number => height !== null);
  const cameraSerial = mostCommon(photos.map((photo) => photo.serial));
  const matched = cameraSerial ? aircraft.find((craft) => craft.serials.some((serial) => normalSerial(serial) === normalSerial(cameraSerial))) : undefined;
  return {
    start: new Date(first.at),
    end: new Date(last.at),
    durationMinutes: round((last.at - first.at) / 60_000, 1),
    maxHeightMetres: heights.length > 0 ? round(Math.max(...heights), 1) : null,
    lat: round(photos.reduce((sum, photo) => sum + photo.lat, 0) / photos.length, 6),
    lon: round(photos.reduce((sum, photo) => sum + photo.lon, 0) / photos.length, 6),
    aircraftId: matched?.id ?? null,
    cameraSerial,
    photoCount: photos.length,
  };
}

/**
 * The flights a job's photos tell of: the photos with a time and a position in time order, cut into
 * flights at each pause longer than FLIGHT_GAP_MINUTES; every other photo is listed as skipped with
 * what it lacked, so the page can say which.
 */
export function proposeFlights(photos: readonly JobPhoto[], aircraft: readonly KnownAircraft[]): FlightProposal {
  const skipped: SkippedPhoto[] = [];
  const placed: PlacedPhoto[] = [];
  for (const { mediaId, facts } of photos) {
    const reason = missing(facts);
    if (reason !== null || !facts) skipped.push({ mediaId, reason: reason ?? skipReasons.unreadable });
    else placed.push({ mediaId, at: Date.parse(facts.takenAt!), lat: facts.lat!, lon: facts.lon!, heightMetres: facts.heightMetres, serial: facts.serial });
  }
  placed.sort((a, b) => a.at - b.at || a.mediaId - b.mediaId);
  const flights: PlacedPhoto[][] = [];
  for (const photo of placed) {
    const current = flights.at(-1);
    if (current && photo.at - current.at(-1)!.at <= FLIGHT_GAP_MINUTES * 60_000) current.push(photo);
    else flights.push([photo]);
  }
  return { flights: flights.map((flight) => flightOf(flight, aircraft)), skipped };
}
