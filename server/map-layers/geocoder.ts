import { z } from "zod";
import type { Place } from "@common/contract/geocode";

/** At most this many places come back: a search box lists a few. */
const MAX_PLACES = 5;

/** Why a search found nothing to show: the geocoder is unset, down, slow, or answered what is not a Nominatim list. */
export class GeocoderUnavailable extends Error {
  override name = "GeocoderUnavailable";
}

/**
 * One place of Nominatim's jsonv2 answer (nominatim.org/release-docs/latest/api/Search/#output-format):
 * lat and lon are strings, boundingbox is [south, north, west, east] as strings.
 */
const nominatimPlace = z.object({
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]).optional(),
});
const nominatimAnswer = z.array(z.unknown());

export interface GeocoderSettings {
  /** GEOCODER_URL: the service's root; /search is asked under it. */
  url: string;
  timeoutMs: number;
  /** Sent as User-Agent: Nominatim's usage policy asks each application to name itself. */
  userAgent: string;
}

/** The search URL of a Nominatim-compatible service at `root` (with or without /search already). */
function searchUrl(root: string, query: string): URL {
  const url = new URL(root);
  if (!url.pathname.replace(/\/+$/, "").endsWith("/search")) url.pathname = `${url.pathname.replace(/\/+$/, "")}/search`;
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("q", query);
  url.searchParams.set("limit", String(MAX_PLACES));
  return url;
}

/** The places a Nominatim-compatible geocoder finds for `query`, within its time; a place it describes badly is left out. */
export async function geocode(settings: GeocoderSettings, query: string): Promise<Place[]> {
  let body: unknown;
  try {
    const response = await fetch(searchUrl(settings.url, query), {
      headers: { "user-agent": settings.userAgent, accept: "application/json" },
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "error",
    });
    if (!response.ok) throw new GeocoderUnavailable(`the address search answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw error;
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new GeocoderUnavailable(timedOut ? "the address search did not answer in time" : "the address search could not be reached");
  }
  const list = nominatimAnswer.safeParse(body);
  if (!list.success) throw new GeocoderUnavailable("the address search's answer was not a list of places");
  const places: Place[] = [];
  for (const item of list.data) {
    const place = nominatimPlace.safeParse(item);
    if (!place.success) continue;
    const box = place.data.boundingbox;
    const [south, north, west, east] = box ?? [];
    places.push({
      label: place.data.display_name,
      lat: place.data.lat,
      lon: place.data.lon,
      bbox: box && [west, south, east, north].every(Number.isFinite) ? [west!, south!, east!, north!] : null,
    });
    if (places.length === MAX_PLACES) break;
  }
  return places;
}
