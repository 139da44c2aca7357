import {
  ChartColumn,
  ClipboardList,
  Cpu,
  Droplets,
  FlaskConical,
  Grape,
  Layers,
  Leaf,
  MapIcon,
  Plane,
  Sprout,
  Tractor,
  Trees,
  Wheat,
} from "lucide-react";
import agricultureArt from "@/assets/illustrations/agriculture-field.svg";
import mappingArt from "@/assets/illustrations/mapping-grid.svg";
import { type Feature, FeatureGrid } from "../components/feature-card";
import { Illustration } from "../components/illustration";
import { PackageGrid, type ServicePackage } from "../components/package-card";
import { HeroActions, PageHero } from "../components/page-hero";
import { type Step, Steps } from "../components/steps";
import { TitledSection } from "../components/titled-section";
import { SERVICE_CARDS } from "../home/service-cards";

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
    description:
      "Canopy and plant-count models forecast yield by zone ahead of harvest, supporting marketing, logistics and labour decisions with real data.",
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
    description:
      "Imagery is stitched into georeferenced orthomosaics and processed into vegetation indices, stress zones and plant-level metrics.",
  },
  {
    icon: ClipboardList,
    title: "Actionable Reports",
    description:
      "You receive clear maps, zone recommendations and prescription files that load straight into your equipment or farm management software.",
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
    features: [
      "One multispectral flight (RGB + NIR)",
      "NDVI crop health map",
      "Stress zones located by GPS for scouting",
      "Digital summary report",
    ],
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

const agricultureCard = SERVICE_CARDS.find((card) => card.id === "agriculture");

export default function AgriculturePage() {
  return (
    <>
      <PageHero
        eyebrow="// Agricultural Services"
        title="Precision Agriculture"
        intro="Multispectral drone imaging that turns your fields into crop health maps, irrigation analysis and yield estimates, so every input goes where it pays back."
        image={{
          src: agricultureArt,
          alt: "A drone surveying crop rows coloured by plant health, from healthy green to stressed orange",
          width: 640,
          height: 400,
        }}
        specs={agricultureCard?.specs}
        actions={<HeroActions />}
      />
      <TitledSection
        id="overview"
        eyebrow="// 01 Overview"
        title="Crop Intelligence from the Air"
        intro="See what the eye cannot: near-infrared sensors measure plant vigour across the whole field, not just the rows you walk."
      >
        <FeatureGrid items={FEATURES} columns={4} />
      </TitledSection>
      <TitledSection
        id="protocol"
        eyebrow="// 02 Protocol"
        title="Monitoring Protocol"
        intro="A consistent four-step process makes every flight comparable with the last, so trends are real and not artefacts of the data."
        tinted
      >
        <Steps steps={PROTOCOL} />
      </TitledSection>
      <TitledSection
        id="applications"
        eyebrow="// 03 Applications"
        title="Application Areas"
        intro="From broad-acre row crops to research plots, our flight plans and analysis adapt to the crop and the question you need answered."
      >
        <div className="grid items-start gap-10 xl:grid-cols-[2fr_3fr]">
          <div className="hud-frame mx-auto w-full max-w-2xl rounded-lg border border-primary/30 bg-card/60 p-2 xl:max-w-none">
            <Illustration
              src={mappingArt}
              alt="A survey grid laid over farmland, showing the automated flight lines of a mapping mission"
              width={640}
              height={400}
              className="rounded-md"
            />
          </div>
          <FeatureGrid items={APPLICATION_AREAS} columns={2} />
        </div>
      </TitledSection>
      <TitledSection
        id="packages"
        eyebrow="// 04 Packages"
        title="Service Packages"
        intro="Every package is scoped to your acreage and crop. Tell us about your operation and we will send a tailored proposal."
        tinted
      >
        <PackageGrid packages={PACKAGES} ctaLabel="Request Service" />
      </TitledSection>
    </>
  );
}
