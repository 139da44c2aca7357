import { BadgeCheck, Building2, Clapperboard, House, PartyPopper, Sparkles, Video } from "lucide-react";
import mediaArt from "@/assets/illustrations/media-camera.svg";
import { type Feature, FeatureGrid } from "../components/feature-card";
import { PackageGrid, type ServicePackage } from "../components/package-card";
import { type ServiceSection, ServicePage } from "../components/service-page";
import { EquipmentPanel } from "./equipment-panel";
import { GalleryTeaser } from "./gallery-teaser";

const FEATURES: Feature[] = [
  {
    icon: Video,
    title: "8K Capture Systems",
    description: "Large-sensor cameras record 8K video and 48MP stills, giving editors room to crop, reframe and stabilise without losing detail.",
  },
  {
    icon: Clapperboard,
    title: "Cinematic Precision",
    description:
      "Pre-visualised flight paths and repeatable waypoint moves deliver smooth reveals, orbits and tracking shots that look like they came from a film crew.",
  },
  {
    icon: BadgeCheck,
    title: "FAA Certified",
    description: "Every mission is flown by FAA Part 107 certified, fully insured pilots who handle airspace authorisations and site safety for you.",
  },
  {
    icon: Sparkles,
    title: "AI Processing",
    description: "AI-assisted culling, colour matching and enhancement speed up post-production, so polished results reach you sooner.",
  },
];

const APPLICATION_AREAS: Feature[] = [
  {
    icon: House,
    title: "Real Estate",
    description: "Show a property, its grounds and its neighbourhood from the angle that sells it, in listings that stand out.",
    points: ["Listing photography and twilight shots", "Property and neighbourhood flyovers", "Land, acreage and development sites"],
  },
  {
    icon: PartyPopper,
    title: "Events & Celebrations",
    description: "Capture the scale and energy of your day from above, discreetly and safely, without getting in the guests' way.",
    points: ["Weddings and private celebrations", "Festivals, concerts and sports", "Corporate and community events"],
  },
  {
    icon: Building2,
    title: "Commercial Projects",
    description: "Aerial content for brands, builders and facility owners that documents progress and tells your story.",
    points: ["Construction progress documentation", "Brand films and advertising", "Facility and infrastructure showcases"],
  },
];

const PACKAGES: ServicePackage[] = [
  {
    name: "Basic Package",
    scope: "Listings and small projects",
    summary: "A focused aerial session that captures the essential views of a single property or location.",
    features: ["1-hour session", "10-15 images", "1-2 minute video"],
  },
  {
    name: "Professional Package",
    scope: "Marketing campaigns and events",
    summary: "Extended coverage with a longer edit, cut and formatted for your website and social channels.",
    recommended: true,
    features: ["3-hour session", "25-30 images", "3-5 minute video", "Social media optimisation"],
  },
  {
    name: "Premium Production",
    scope: "Full-day commercial productions",
    summary: "A full production day with a story-driven edit, licensed soundtrack and optional professional narration.",
    features: ["Up to 8 hours", "50+ images", "Custom video", "Licensed music and voiceover options"],
  },
];

const SECTIONS: ServiceSection[] = [
  {
    label: "Overview",
    title: "Aerial Media, Done Properly",
    intro: "Professional equipment, certified pilots and an experienced post-production team behind every frame.",
    content: <FeatureGrid items={FEATURES} columns={4} />,
  },
  {
    label: "Applications",
    title: "Application Areas",
    intro: "We plan each shoot around its audience, whether that is a buyer, a guest or a customer.",
    content: <FeatureGrid items={APPLICATION_AREAS} columns={3} />,
  },
  {
    label: "Equipment",
    title: "Flight & Camera Systems",
    intro: "The same cinema-class platform on every job, from a single listing to a full commercial production.",
    content: <EquipmentPanel />,
  },
  {
    label: "Packages",
    title: "Production Packages",
    intro: "Choose a starting point and we will tailor the shot list, schedule and deliverables to your project.",
    content: <PackageGrid packages={PACKAGES} ctaLabel="Get Quote" />,
  },
  {
    label: "Gallery",
    title: "See Our Work",
    intro: "The best way to judge aerial footage is to watch it.",
    content: <GalleryTeaser />,
  },
];

export default function PhotographyPage() {
  return (
    <ServicePage
      service="media"
      hero={{
        eyebrow: "// Photography & Filming",
        title: "Professional Media Production",
        intro:
          "Cinema-grade aerial photography and filming with 8K video and 48MP stills, for real estate, events and commercial projects, flown by certified pilots and delivered edit-ready.",
        image: mediaArt,
        imageAlt: "A cinema drone with a gimbal-mounted camera filming a city skyline at dusk",
      }}
      sections={SECTIONS}
    />
  );
}
