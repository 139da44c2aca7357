import { z } from "zod";
import { id, isoDate, successOf } from "./wire";

/**
 * A flight as the job's photos tell it (docs/decisions/0069-flights-from-photos.md): from the first
 * photo to the last before a pause, where it flew and how high, and the aircraft whose camera took them.
 */
const proposedFlightSchema = z
  .object({
    start: isoDate,
    end: isoDate,
    /** From the first photo to the last, to a tenth of a minute: the flight took at least that long. */
    durationMinutes: z.number().nonnegative(),
    /** The highest height above the take-off point a photo recorded (DJI's RelativeAltitude), or null when none did. */
    maxHeightMetres: z.number().nullable(),
    /** The middle of the photos' positions. */
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    /** The aircraft whose serial (or a payload's) is the camera serial most of the photos carry; null when none matches. */
    aircraftId: id.nullable(),
    /** That serial, as the photos carry it, for a business that has not recorded the aircraft yet. */
    cameraSerial: z.string().nullable(),
    photoCount: z.number().int().positive(),
  })
  .meta({ id: "ProposedFlight" });
export type ProposedFlight = z.output<typeof proposedFlightSchema>;

/** A photo the proposal left out, and what it lacked. */
const skippedPhotoSchema = z.object({ mediaId: id, reason: z.string() });
export type SkippedPhoto = z.output<typeof skippedPhotoSchema>;

/** What the photos alone tell (server/flights/flight-proposal.ts). */
export interface FlightProposal {
  flights: ProposedFlight[];
  skipped: SkippedPhoto[];
}

/** The answer names the matched aircraft and each skipped photo by its title, for the pilot who may not list the fleet or the media. */
const flightProposalSchema = z
  .object({
    flights: z.array(proposedFlightSchema.extend({ aircraftName: z.string().nullable() })),
    skipped: z.array(skippedPhotoSchema.extend({ title: z.string() })),
  })
  .meta({ id: "FlightProposal" });
export type FlightProposalAnswer = z.output<typeof flightProposalSchema>;
/** The same as the browser reads it: times as ISO strings. */
export type FlightProposalWire = z.input<typeof flightProposalSchema>;

/** GET /api/admin/jobs/:id/flight-proposal. */
export const flightProposalAnswerSchema = successOf(flightProposalSchema);
