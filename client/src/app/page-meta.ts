import type { AppRoute } from "@common/routes";

export interface PageMeta {
  title: string;
  description: string;
}

const SITE_TITLE = "SkyVantage";

/** Each screen's title and description: in the prerendered <head> and in the tab after navigation. */
export const PAGE_META: Record<AppRoute, PageMeta> = {
  "/": {
    title: `${SITE_TITLE} | Precision Aerial Solutions`,
    description:
      "Drone solar inspections, agricultural monitoring and aerial photography and filming by certified pilots: data you can act on the same week.",
  },
  "/solar-inspections": {
    title: `Solar Panel Drone Inspections | ${SITE_TITLE}`,
    description:
      "Thermal and visual drone inspections of solar farms and rooftops: hotspots, cracked cells, diode and junction box failures, ranked in an AI-assisted report.",
  },
  "/agricultural-services": {
    title: `Agricultural Drone Monitoring | ${SITE_TITLE}`,
    description: "Crop health analysis, NDVI mapping, irrigation analysis and yield estimation from multispectral drone flights over your fields.",
  },
  "/photography-filming": {
    title: `Aerial Photography & Filming | ${SITE_TITLE}`,
    description: "8K aerial photography and cinematic drone filming by FAA certified pilots, for real estate, events and commercial projects.",
  },
  "/drone-height-comparison": {
    title: `Drone Height Comparison | ${SITE_TITLE}`,
    description: "See what a drone sees from 100 to 400 feet, and which altitude suits close detail, property overviews or wide landscapes.",
  },
  "/gallery": {
    title: `Gallery | ${SITE_TITLE}`,
    description: "Aerial photographs and films from SkyVantage missions: solar sites, farmland, properties and events seen from the air.",
  },
  "/login": { title: `Log In | ${SITE_TITLE}`, description: "Log in to your SkyVantage account, or register, to follow your subscriptions, reports, media and quotes." },
  "/dashboard": { title: `Dashboard | ${SITE_TITLE}`, description: "Your SkyVantage subscriptions, reports, media, quotes and payments." },
  "/request-quote": { title: `Request a Quote | ${SITE_TITLE}`, description: "Tell us about your project and receive a custom quote for your drone mission." },
  "/checkout": { title: `Checkout | ${SITE_TITLE}`, description: "Complete your SkyVantage payment securely." },
  "/payment-success": { title: `Payment | ${SITE_TITLE}`, description: "The outcome of your SkyVantage payment." },
  "/reset-password": { title: `Reset Password | ${SITE_TITLE}`, description: "Choose a new password for your SkyVantage account." },
  "/admin": { title: `Admin | ${SITE_TITLE}`, description: "SkyVantage back office." },
  "/admin-dashboard": { title: `Admin Dashboard | ${SITE_TITLE}`, description: "SkyVantage back office." },
};

export const NOT_FOUND_META: PageMeta = {
  title: `Page Not Found | ${SITE_TITLE}`,
  description: "This page does not exist. Find SkyVantage's drone inspection, monitoring and filming services from the home page.",
};

export function pageMetaFor(pathname: string): PageMeta {
  return (PAGE_META as Partial<Record<string, PageMeta>>)[pathname] ?? NOT_FOUND_META;
}
