import agricultureArt from "@/assets/illustrations/agriculture-field.svg";
import mediaArt from "@/assets/illustrations/media-camera.svg";
import solarArt from "@/assets/illustrations/solar-inspection.svg";

export interface ServiceCard {
  id: "solar" | "agriculture" | "media";
  title: string;
  subtitle: string;
  description: string;
  specs: { label: string; value: string }[];
  image: string;
  imageAlt: string;
  link: string;
  /** Accent used for the card's glow and spec values. */
  colour: string;
}

/** The MISSION PROFILES cards of the home page (docs/product.md §3). */
export const SERVICE_CARDS: ServiceCard[] = [
  {
    id: "solar",
    title: "Solar Inspections",
    subtitle: "Thermal & Visual Analysis",
    description:
      "Radiometric thermal and 4K visual passes over every string, turned into a report of the hot spots found, each reviewed by our team and ranked by severity.",
    specs: [
      { label: "Camera", value: "4K Ultra HD" },
      { label: "Thermal range", value: "-40°C to 2000°C" },
      { label: "Accuracy", value: "±2% or ±2°C" },
      { label: "Flight time", value: "35 minutes" },
    ],
    image: solarArt,
    imageAlt: "A drone scanning rows of solar panels, with thermal hotspots highlighted",
    link: "/solar-inspections",
    colour: "text-amber-800 dark:text-amber-400",
  },
  {
    id: "agriculture",
    title: "Agricultural Monitoring",
    subtitle: "Precision Agriculture",
    description:
      "Multispectral flights that map crop health, irrigation and expected yield field by field, so you treat the acres that need it and spare the rest.",
    specs: [
      { label: "Coverage", value: "200 acres/hour" },
      { label: "Sensors", value: "RGB + NIR" },
      { label: "Precision", value: "2cm GSD" },
      { label: "Analysis", value: "NDVI, NDRE" },
    ],
    image: agricultureArt,
    imageAlt: "A drone mapping crop rows coloured by plant health, from healthy green to stressed orange",
    link: "/agricultural-services",
    colour: "text-green-700 dark:text-green-400",
  },
  {
    id: "media",
    title: "Photography & Filming",
    subtitle: "Professional Media Production",
    description: "Cinema-grade aerial stills and video for real estate, events and commercial projects, flown by certified pilots and delivered edit-ready.",
    specs: [
      { label: "Video", value: "4K Pro Res" },
      { label: "Photo", value: "48MP RAW" },
      { label: "Gimbal", value: "3-axis stabilization" },
      { label: "Range", value: "10km LOS" },
    ],
    image: mediaArt,
    imageAlt: "A cinema drone with a gimbal camera filming a skyline at dusk",
    link: "/photography-filming",
    colour: "text-violet-700 dark:text-violet-300",
  },
];
