import { ChartColumn, ClipboardList, Cpu, Droplets, FlaskConical, Grape, Layers, Leaf, MapIcon, Plane, Sprout, Tractor, Trees, Wheat } from "lucide-react";
import agricultureArt from "@/assets/illustrations/agriculture-field.svg";
import mappingArt from "@/assets/illustrations/mapping-grid.svg";
import { type Feature, FeatureGrid } from "../components/feature-card";
import { FramedIllustration } from "../components/illustration";
import { PackageGrid, type ServicePackage } from "../components/package-card";
import { type Step, Steps } from "../components/steps";
import { type ServiceSection, ServicePage } from "../components/service-page";

const FEATURES: Feature[] = [
  {
    icon: Sprout,
    title: "Crop Health Analysis",
    description:
      "Multispectral imagery reveals plant stress, disease and nutrient deficiency days before it shows in the field, so you can act while it is still cheap to fix.",
  },
  {
    icon: Layers,
    title: "NDVI Mapping",
    description:
      "Calibrated NDVI and NDRE maps grade vigour across every acre, turning a field into clear management zones for scouting and variable-rate application.",
  },
  {
    icon: Droplets,
    title: "Irrigation Analysis",
    description:
      "Thermal and multispectral data expose dry spots, over-watering, leaks and blocked emitters, helping you put water exactly where the crop needs it.",
  },
  {
    icon: ChartColumn,
    title: "Yield Estimation",
    description: "Canopy and plant-count models forecast yield by zone ahead of harvest, supporting marketing, logistics and labour decisions with real data.",
  },
];

const PROTOCOL: Step[] = [
  {
    icon: MapIcon,
    title: "Field Mapping",
    description:
      "We map your field boundaries, obstacles and airspace, then plan automated grid flights sized for the resolution your crop and question require.",
  },
  {
    icon: Plane,
    title: "Data Collection",
    description:
      "Our drones fly RGB and near-infrared sensors at a consistent altitude and time of day, with radiometric calibration for comparable results across visits.",
  },
  {
    icon: Cpu,
    title: "Analysis & Processing",
    description: "Imagery is stitched into georeferenced orthomosaics and processed into vegetation indices, stress zones and plant-level metrics.",
  },
  {
    icon: ClipboardList,
    title: "Actionable Reports",
    description: "You receive clear maps, zone recommendations and prescription files that load straight into your equipment or farm management software.",
  },
];

const APPLICATION_AREAS: Feature[] = [
  {
    icon: Wheat,
    title: "Row crops",
    description: "Corn, soybeans, wheat and cotton: stand counts, nitrogen management and in-season stress detection.",
  },
  {
    icon: Grape,
    title: "Orchards and vineyards",
    description: "Tree and vine vigour mapping, canopy analysis and targeted irrigation for permanent crops.",
  },
  {
    icon: Leaf,
    title: "Specialty crops",
    description: "High-value vegetables, berries and nursery stock, where early detection protects the greatest margin.",
  },
  {
    icon: Trees,
    title: "Rangeland",
    description: "Forage assessment, grazing planning and water-point monitoring across large, remote acreage.",
  },
  {
    icon: FlaskConical,
    title: "Research plots",
    description: "Repeatable, plot-level phenotyping data for trials, breeding programmes and agronomic research.",
  },
  {
    icon: Tractor,
    title: "Organic operations",
    description: "Early pest and disease scouting that supports organic practices and helps limit reactive interventions.",
  },
];

const PACKAGES: ServicePackage[] = [
  {
    name: "Basic Analysis",
    scope: "Single field, one flight",
    summary: "A snapshot of crop health across a field, ideal for diagnosing a problem area or trying aerial analysis for the first time.",
    features: ["One multispectral flight (RGB + NIR)", "NDVI crop health map", "Stress zones located by GPS for scouting", "Digital summary report"],
  },
  {
    name: "Precision Operations",
    scope: "Whole farm, in-season",
    summary: "Repeated flights through the growing season that track crop development and guide input and irrigation decisions.",
    recommended: true,
    features: [
      "Everything in Basic Analysis",
      "Scheduled flights at key growth stages",
      "NDVI and NDRE maps with change detection",
      "Irrigation and water-stress analysis",
      "Variable-rate prescription files",
    ],
  },
  {
    name: "Premium Operations",
    scope: "Large and multi-site operations",
    summary: "A season-long monitoring programme with yield forecasting and direct support from our agronomy analysts.",
    features: [
      "Everything in Precision Operations",
      "Yield estimation ahead of harvest",
      "Season-over-season performance comparison",
      "Data export to your farm management platform",
      "Priority scheduling and a dedicated analyst",
    ],
  },
];

const SECTIONS: ServiceSection[] = [
  {
    label: "Overview",
    title: "Crop Intelligence from the Air",
    intro: "See what the eye cannot: near-infrared sensors measure plant vigour across the whole field, not just the rows you walk.",
    content: <FeatureGrid items={FEATURES} columns={4} />,
  },
  {
    label: "Protocol",
    title: "Monitoring Protocol",
    intro: "A consistent four-step process makes every flight comparable with the last, so trends are real and not artefacts of the data.",
    content: <Steps steps={PROTOCOL} />,
  },
  {
    label: "Applications",
    title: "Application Areas",
    intro: "From broad-acre row crops to research plots, our flight plans and analysis adapt to the crop and the question you need answered.",
    content: (
      <div className="grid items-start gap-10 xl:grid-cols-[2fr_3fr]">
        <FramedIllustration
          src={mappingArt}
          alt="A survey grid laid over farmland, showing the automated flight lines of a mapping mission"
          width={640}
          height={400}
          frameClassName="mx-auto w-full max-w-2xl xl:max-w-none"
        />
        <FeatureGrid items={APPLICATION_AREAS} columns={2} />
      </div>
    ),
  },
  {
    label: "Packages",
    title: "Service Packages",
    intro: "Every package is scoped to your acreage and crop. Tell us about your operation and we will send a tailored proposal.",
    content: <PackageGrid packages={PACKAGES} ctaLabel="Request Service" />,
  },
];

export default function AgriculturePage() {
  return (
    <ServicePage
      service="agriculture"
      hero={{
        eyebrow: "// Agricultural Services",
        title: "Precision Agriculture",
        intro:
          "Multispectral drone imaging that turns your fields into crop health maps, irrigation analysis and yield estimates, so every input goes where it pays back.",
        image: agricultureArt,
        imageAlt: "A drone surveying crop rows coloured by plant health, from healthy green to stressed orange",
      }}
      sections={SECTIONS}
    />
  );
}
