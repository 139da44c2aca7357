import { Activity, BrainCircuit, CloudSun, Cpu, FileText, Flame, Gauge, Grid3x3, MapPinned, Rocket, ScanLine, ThermometerSun, Zap } from "lucide-react";
import solarArt from "@/assets/illustrations/solar-inspection.svg";
import { type Feature, FeatureGrid } from "../components/feature-card";
import { PackageGrid, type ServicePackage } from "../components/package-card";
import { type Step, Steps } from "../components/steps";
import { type ServiceSection, ServicePage } from "../components/service-page";

const FEATURES: Feature[] = [
  {
    icon: ThermometerSun,
    title: "Thermal Analysis",
    description:
      "Radiometric thermal sensors measure the temperature of every module, exposing the faults that stay invisible to the eye and to string-level monitoring.",
  },
  {
    icon: BrainCircuit,
    title: "AI Reports",
    description:
      "Hot spots are found by how much warmer they are than the modules around them, then reviewed by our team; each one is reported with its severity and its place in the array, and with the power it loses where we record it.",
  },
  {
    icon: Rocket,
    title: "Rapid Deployment",
    description:
      "A compact flight crew and pre-planned missions put us on site quickly and cover in hours what a ground team covers in days, with no shutdown required.",
  },
];

const PROTOCOL: Step[] = [
  {
    icon: MapPinned,
    title: "Initial Survey",
    description: "We review your site layout, airspace and irradiance forecast, then plan an automated flight path that overlaps every row of the array.",
  },
  {
    icon: ScanLine,
    title: "Thermal Scanning",
    description: "Under stable, high-irradiance conditions the drone flies the array with paired thermal and 4K visual cameras, geotagging every frame.",
  },
  {
    icon: Cpu,
    title: "Data Analysis",
    description:
      "The imagery is stitched into a thermal map, hot spots are found by their temperature difference from the modules around them, and an experienced analyst reviews every one before it is reported.",
  },
  {
    icon: FileText,
    title: "Report Delivery",
    description: "You receive a prioritised fault report with annotated images and module locations, ready for your O&M team or warranty claim.",
  },
];

const DETECTABLE_ISSUES: Feature[] = [
  {
    icon: Flame,
    title: "Cell hotspots",
    description: "Overheating cells that cut output and, left unchecked, can damage the backsheet and create a fire risk.",
  },
  {
    icon: Grid3x3,
    title: "Cracked cells",
    description: "Micro-cracks from handling, hail or thermal stress that isolate parts of a cell and grow worse every season.",
  },
  {
    icon: Zap,
    title: "Junction box failures",
    description: "Failing connections and overheating junction boxes, among the most common causes of lost strings and electrical faults.",
  },
  {
    icon: Activity,
    title: "Diode failures",
    description: "Short-circuited or open bypass diodes, which show as the distinctive heat pattern of a disabled cell substring.",
  },
  {
    icon: Gauge,
    title: "PID (potential induced degradation)",
    description: "Voltage-driven leakage that degrades whole strings over time, recognisable by its characteristic thermal gradient.",
  },
  {
    icon: CloudSun,
    title: "Shading and contamination",
    description: "Vegetation, soiling, bird droppings and debris that shade modules and quietly drain the yield of the entire string.",
  },
];

const PACKAGES: ServicePackage[] = [
  {
    name: "Basic Inspection",
    scope: "Single site, one-off survey",
    summary: "A complete thermal and visual sweep of your array that locates every anomaly, ideal for commissioning or an annual health check.",
    features: [
      "Full-site radiometric thermal flight",
      "4K visual imagery of every flagged module",
      "Geotagged anomaly map of the array",
      "Summary report of findings",
    ],
  },
  {
    name: "Standard Operations",
    scope: "Operating plants and portfolios",
    summary: "Everything in the Basic Inspection, with every hot spot reviewed and ranked by an analyst, and the analysis your O&M team needs to plan repairs.",
    recommended: true,
    features: [
      "Everything in Basic Inspection",
      "Hot spots found by temperature difference, each reviewed and ranked by severity",
      "Module-level defect log by row, string and position",
      "Power loss per fault where we measure it",
      "Results review call with an analyst",
    ],
  },
  {
    name: "Premium Operations",
    scope: "Utility-scale and multi-site assets",
    summary: "A recurring inspection programme that tracks the health of your assets over time and feeds your asset-management systems.",
    features: [
      "Everything in Standard Operations",
      "Scheduled recurring inspections through the year",
      "Year-over-year degradation tracking",
      "Orthomosaic and thermal map layers for your GIS",
      "Priority scheduling and a dedicated project engineer",
    ],
  },
];

const SECTIONS: ServiceSection[] = [
  {
    label: "Overview",
    title: "Inspection Capabilities",
    intro: "Aerial thermography finds underperforming modules across an entire plant in a single visit, without interrupting generation.",
    content: <FeatureGrid items={FEATURES} columns={3} />,
  },
  {
    label: "Protocol",
    title: "Inspection Protocol",
    intro: "A repeatable four-step process that turns a single flight into findings your maintenance team can act on.",
    content: <Steps steps={PROTOCOL} />,
  },
  {
    label: "Detection",
    title: "Detectable Issues",
    intro: "Our thermal and visual sensors identify the defects that erode output and shorten module life.",
    content: <FeatureGrid items={DETECTABLE_ISSUES} columns={3} />,
  },
  {
    label: "Packages",
    title: "Service Packages",
    intro: "Every package is scoped to your site. Tell us about your installation and we will send a tailored proposal.",
    content: <PackageGrid packages={PACKAGES} ctaLabel="Request Service" />,
  },
];

export default function SolarPage() {
  return (
    <ServicePage
      service="solar"
      hero={{
        eyebrow: "// Solar Inspections",
        title: "Thermal & Visual Analysis",
        intro:
          "Drone-based thermal and visual inspection of solar arrays of every size. We find the faulty modules by their heat, review every one, and report each with its severity, its place in the array and, where we record it, the power it loses, so you know what to fix first.",
        image: solarArt,
        imageAlt: "A drone flying over rows of solar panels, its thermal camera highlighting overheating cells",
      }}
      sections={SECTIONS}
    />
  );
}
