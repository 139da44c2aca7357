// What each public page says until its owner publishes words of their own: SPEC's screens word for
// word (docs/product.md §2, §3), and where the copy says more than SPEC, only what the product does
// (docs/decisions/0061-site-pages.md): hot spots are found by their temperature difference and
// reviewed by the business, and a fault's power loss is given where the business records it.
// This part is what the home page shows: its own document and each service page's navigation label
// and card; the rest of the service pages is in ./site-page-defaults.ts, so the home page loads
// without it (docs/architecture.md §5).
import { type BUILT_IN_SERVICE_KEYS, PAGE_SCHEMA_VERSION } from "./site-page-keys";
import type { HomeDocument, RichText, ServiceDocument } from "./site-pages";

/** Rich text of one paragraph of plain text: the defaults' building block. */
export const paragraph = (text: string): RichText => [{ type: "paragraph", runs: [{ text }] }];

export const DEFAULT_HOME: HomeDocument = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  hero: {
    label: "Precision Aerial Solutions",
    headline: "DRONE INTELLIGENCE",
    intro: paragraph(
      "Certified pilots and enterprise drones that inspect your solar assets, map the health of your fields and film your projects from the air, delivering data you can act on the same week.",
    ),
    stats: [
      { value: "10+", label: "Years of flying experience" },
      { value: "99.9%", label: "Accuracy" },
      { value: "24/7", label: "Support" },
    ],
  },
  missionProfiles: {
    eyebrow: "// Services",
    title: "MISSION PROFILES",
    intro: paragraph("Three specialised flight programmes, one accountable team."),
  },
  flightSystems: {
    eyebrow: "// Technology",
    title: "Advanced Flight Systems",
    items: [
      {
        icon: "activity",
        title: "Real-time Analytics",
        text: paragraph("Live telemetry and imagery stream to the ground station, so anomalies are flagged while the drone is still on site."),
      },
      {
        icon: "crosshair",
        title: "Precision Navigation",
        text: paragraph("RTK-GPS centimeter-level positioning flies the same line every visit, so this season's data lines up with last season's."),
      },
      {
        icon: "box",
        title: "3D Mapping",
        text: paragraph("Photogrammetry turns thousands of overlapping images into measurable 3D models, orthomosaics and elevation maps."),
      },
    ],
    ctaLabel: "REQUEST MISSION BRIEFING",
  },
};

/** What the home page needs of a service page: whether it is on the site, its navigation label and its Mission Profiles card. */
export type ServicePageHead = Pick<ServiceDocument, "schemaVersion" | "navLabel" | "hidden" | "card">;

/** SPEC's service pages' heads, by key. */
export const DEFAULT_SERVICE_HEADS: Readonly<Record<(typeof BUILT_IN_SERVICE_KEYS)[number], ServicePageHead>> = {
  "solar-inspections": {
    schemaVersion: PAGE_SCHEMA_VERSION,
    navLabel: "SOLAR",
    hidden: false,
    card: {
      title: "Solar Inspections",
      subtitle: "Thermal & Visual Analysis",
      description: paragraph(
        "Radiometric thermal and 4K visual passes over every string, turned into a report of the hot spots found, each reviewed by our team and ranked by severity.",
      ),
      specs: [
        { label: "Camera", value: "4K Ultra HD" },
        { label: "Thermal range", value: "-40°C to 2000°C" },
        { label: "Accuracy", value: "±2% or ±2°C" },
        { label: "Flight time", value: "35 minutes" },
      ],
    },
  },
  "agricultural-services": {
    schemaVersion: PAGE_SCHEMA_VERSION,
    navLabel: "AGRICULTURE",
    hidden: false,
    card: {
      title: "Agricultural Monitoring",
      subtitle: "Precision Agriculture",
      description: paragraph(
        "Multispectral flights that map crop health, irrigation and expected yield field by field, so you treat the acres that need it and spare the rest.",
      ),
      specs: [
        { label: "Coverage", value: "200 acres/hour" },
        { label: "Sensors", value: "RGB + NIR" },
        { label: "Precision", value: "2cm GSD" },
        { label: "Analysis", value: "NDVI, NDRE" },
      ],
    },
  },
  "photography-filming": {
    schemaVersion: PAGE_SCHEMA_VERSION,
    navLabel: "MEDIA",
    hidden: false,
    card: {
      title: "Photography & Filming",
      subtitle: "Professional Media Production",
      description: paragraph(
        "Cinema-grade aerial stills and video for real estate, events and commercial projects, flown by certified pilots and delivered edit-ready.",
      ),
      specs: [
        { label: "Video", value: "4K Pro Res" },
        { label: "Photo", value: "48MP RAW" },
        { label: "Gimbal", value: "3-axis stabilization" },
        { label: "Range", value: "10km LOS" },
      ],
    },
  },
};
