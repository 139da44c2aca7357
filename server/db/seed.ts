import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { services } from "./schema";

/** The monthly services of the catalogue (docs/product.md §3: price in cents). Seeded by slug, so reruns update. */
const SERVICE_CATALOGUE = [
  {
    slug: "solar-monitoring",
    category: "solar",
    name: "Solar Fleet Monitoring",
    description: "A monthly thermal and visual flight over your arrays with an AI fault report ranking every hotspot by lost output.",
    price: 24_900,
  },
  {
    slug: "crop-health",
    category: "agriculture",
    name: "Crop Health Monitoring",
    description: "Monthly multispectral flights with NDVI and NDRE maps, irrigation analysis and a yield outlook for each field.",
    price: 19_900,
  },
  {
    slug: "media-retainer",
    category: "media",
    name: "Aerial Media Retainer",
    description: "One half-day shoot a month: edited 4K video and 48MP stills for listings, progress updates or social channels.",
    price: 34_900,
  },
] as const;

export async function seedServices(db: Database): Promise<void> {
  await db
    .insert(services)
    .values(SERVICE_CATALOGUE.map((service) => ({ ...service, active: true })))
    .onConflictDoUpdate({
      target: services.slug,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, category: sql`excluded.category`, price: sql`excluded.price` },
    });
}
