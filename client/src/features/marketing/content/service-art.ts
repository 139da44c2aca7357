import agricultureArt from "@/assets/illustrations/agriculture-field.svg";
import mappingArt from "@/assets/illustrations/mapping-grid.svg";
import mediaArt from "@/assets/illustrations/media-camera.svg";
import solarArt from "@/assets/illustrations/solar-inspection.svg";

interface Art {
  src: string;
  alt: string;
}

/** What a service page shows that is not words: its pictures, accent and anchors, which documents do not hold (docs/decisions/0061-site-pages.md). */
export interface ServiceArt {
  /** Names the page's card in the home page's Mission Profiles (its test id). */
  id: string;
  hero: Art;
  card: Art;
  /** Accent of the card's subtitle. */
  colour: string;
  /** The applications section's anchor: solar's lists detectable issues at #detection. */
  applicationsAnchor: string;
  /** A picture beside the application areas. */
  applications?: Art;
}

/** SPEC's three service pages' pictures, by page key. */
const SERVICE_ART: Readonly<Record<string, ServiceArt>> = {
  "solar-inspections": {
    id: "solar",
    hero: { src: solarArt, alt: "A drone flying over rows of solar panels, its thermal camera highlighting overheating cells" },
    card: { src: solarArt, alt: "A drone scanning rows of solar panels, with thermal hotspots highlighted" },
    colour: "text-amber-800 dark:text-amber-400",
    applicationsAnchor: "detection",
  },
  "agricultural-services": {
    id: "agriculture",
    hero: { src: agricultureArt, alt: "A drone surveying crop rows coloured by plant health, from healthy green to stressed orange" },
    card: { src: agricultureArt, alt: "A drone mapping crop rows coloured by plant health, from healthy green to stressed orange" },
    colour: "text-green-700 dark:text-green-400",
    applicationsAnchor: "applications",
    applications: { src: mappingArt, alt: "A survey grid laid over farmland, showing the automated flight lines of a mapping mission" },
  },
  "photography-filming": {
    id: "media",
    hero: { src: mediaArt, alt: "A cinema drone with a gimbal-mounted camera filming a city skyline at dusk" },
    card: { src: mediaArt, alt: "A cinema drone with a gimbal camera filming a skyline at dusk" },
    colour: "text-violet-700 dark:text-violet-300",
    applicationsAnchor: "applications",
  },
};

/** A page the business added has no picture of its own yet: it shows the mapping grid. */
export const artOf = (key: string): ServiceArt =>
  SERVICE_ART[key] ?? {
    id: key,
    hero: { src: mappingArt, alt: "" },
    card: { src: mappingArt, alt: "" },
    colour: "text-primary",
    applicationsAnchor: "applications",
  };
