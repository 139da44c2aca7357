import { z } from "zod";
import { successOf } from "./wire";

/** GET /api/geocode?q=: the address or place typed in a map's search box. */
export const geocodeQuerySchema = z.object({
  q: z
    .string({ message: "Type an address or place to search for" })
    .trim()
    .min(2, "Type at least 2 characters to search for")
    .max(200, "Type at most 200 characters"),
});

/** One place found: its name, its point, and the box (west, south, east, north, WGS84) a map fits to show it whole. */
const placeSchema = z.object({
  label: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type Place = z.output<typeof placeSchema>;

/** GET /api/geocode's answer: the geocoder's places, best first (none found: an empty list). */
export const geocodeAnswerSchema = successOf(z.object({ results: z.array(placeSchema) }));
export type GeocodeAnswer = z.input<typeof geocodeAnswerSchema>;
