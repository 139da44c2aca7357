import { buffer } from "node:stream/consumers";
import { and, asc, eq, like, or } from "drizzle-orm";
import type { FlightProposalAnswer } from "@common/contract/flight-proposal";
import type { Database } from "../db/client";
import { aircraft, media } from "../db/schema";
import { findVisibleJob, type Actor } from "../jobs/read-jobs";
import { type Storage, StoredObjectNotFound } from "../storage/storage";
import { type JobPhoto, type KnownAircraft, proposeFlights } from "./flight-proposal";
import { PHOTO_HEAD_BYTES, readPhotoFacts } from "./photo-facts";

/** How many photos' starts are read at once: enough to hide a bucket's latency, few enough to leave the server's sockets and memory to others (8 × 128 KB). */
const READS_AT_ONCE = 8;

/** The first PHOTO_HEAD_BYTES of a stored file (all of a smaller one), or null when the file is gone. */
async function headOf(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    return await buffer(await storage.read(key, { start: 0, end: PHOTO_HEAD_BYTES - 1 }));
  } catch (error) {
    if (error instanceof StoredObjectNotFound) return null;
    throw error;
  }
}

/**
 * GET /api/admin/jobs/:id/flight-proposal: the flights the job's photos tell of (server/flights/
 * flight-proposal.ts), each photo's time read in the job site's zone. The job's admin or its pilot;
 * anyone else does not find the job. Reads only the start of each photo (docs/decisions/0069-flights-from-photos.md).
 */
export async function jobFlightProposal(db: Database, storage: Storage, actor: Actor, jobId: number): Promise<FlightProposalAnswer> {
  const job = await findVisibleJob(db, actor, jobId);
  const rows = await db
    .select({ id: media.id, storageKey: media.storageKey, title: media.title })
    .from(media)
    .where(and(eq(media.jobId, job.id), or(like(media.fileType, "image/%"), eq(media.fileType, "image"))))
    .orderBy(asc(media.id));
  const photos: JobPhoto[] = new Array(rows.length);
  let next = 0;
  const reader = async () => {
    while (next < rows.length) {
      const index = next++;
      const row = rows[index]!;
      const head = await headOf(storage, row.storageKey);
      photos[index] = { mediaId: row.id, facts: head ? await readPhotoFacts(head, job.timeZone) : null };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, rows.length) }, reader));
  const fleet = await knownAircraft(db);
  const proposal = proposeFlights(photos, fleet);
  const names = new Map(fleet.map((craft) => [craft.id, craft.name]));
  const files = new Map(rows.map((row) => [row.id, row.title]));
  return {
    flights: proposal.flights.map((flight) => ({ ...flight, aircraftName: flight.aircraftId === null ? null : (names.get(flight.aircraftId) ?? null) })),
    skipped: proposal.skipped.map((photo) => ({ ...photo, title: files.get(photo.mediaId) ?? "" })),
  };
}

/** The business's aircraft, each with every serial a photo may carry of it: its own, its Remote ID's and its payloads' (the camera's). */
async function knownAircraft(db: Database): Promise<(KnownAircraft & { name: string })[]> {
  const rows = await db
    .select({
      id: aircraft.id,
      make: aircraft.make,
      model: aircraft.model,
      serial: aircraft.serial,
      remoteIdSerial: aircraft.remoteIdSerial,
      payloads: aircraft.payloads,
    })
    .from(aircraft);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.make} ${row.model} (${row.serial})`,
    serials: [row.serial, row.remoteIdSerial, ...row.payloads.map((payload) => payload.serial)].filter((serial) => serial.trim() !== ""),
  }));
}
