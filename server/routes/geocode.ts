import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { geocodeAnswerSchema, geocodeQuerySchema } from "@common/contract/geocode";
import type { Config } from "../config";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { limitPerAddress } from "../http/rate-limit";
import { GeocoderUnavailable, geocode } from "../map-layers/geocoder";
import type { SettingsStore } from "../settings/settings-store";

interface GeocodeRouteOptions {
  /** How long a search waits and how many one address may make; the service itself is the settings' (GEOCODER_URL fixes it). */
  geocoder: Config["geocoder"];
  settings: Pick<SettingsStore, "read">;
  windowMs: number;
  /** Names this site to the geocoder (its usage policy asks for it). */
  userAgent: string;
}

const UNSET = "Address search is not set up on this site (Settings, Maps): move the map to the site instead.";

/**
 * GET /api/geocode?q= — anyone, a visitor included (the quote form's map is public), limited per
 * address: the places the configured Nominatim-compatible geocoder finds, asked from the server
 * so that the browser's connect-src stays the site's own (docs/decisions/0070-base-map-and-geocoder.md).
 */
export const geocodeRoutes: FastifyPluginAsync<GeocodeRouteOptions> = async (base, { geocoder, settings, windowMs, userAgent }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/geocode",
    {
      schema: {
        description: "Limited per address. 503 when no geocoder is configured, or it is down, slow (3 s at most) or answers what is not a list of places.",
        querystring: geocodeQuerySchema,
        response: answers({ 200: geocodeAnswerSchema }),
      },
      config: limitPerAddress(geocoder.max, windowMs, "Too many address searches from your address. Please wait a few minutes and try again."),
    },
    async (request) => {
      const { geocoderUrl } = await settings.read();
      if (!geocoderUrl) throw new HttpError(503, UNSET);
      try {
        return success({ results: await geocode({ url: geocoderUrl, timeoutMs: geocoder.timeoutMs, userAgent }, request.query.q) });
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error;
        request.log.warn({ reason: error.message }, "address search unavailable");
        throw new HttpError(503, `Address search is unavailable just now (${error.message}): move the map to the site instead, or try again later.`);
      }
    },
  );
};
