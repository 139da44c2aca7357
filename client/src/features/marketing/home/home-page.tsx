import { nearViewportPart } from "@/components/ui/near-viewport-part";
import { FieldProof } from "../components/field-proof";
import { Hero } from "./hero";

// Below the hero, each part's code loads as the reader nears it, so what the page loads with it
// holds only what its first screen runs; the prerendered page shows the part meanwhile, and its
// links work as plain links. Mission Profiles, next to the hero, usually loads at once after it.
const MissionProfiles = nearViewportPart("mission-profiles", () => import("./mission-profiles").then((module) => module.MissionProfiles));
const FlightSystems = nearViewportPart("flight-systems", () => import("./flight-systems").then((module) => module.FlightSystems));

export default function HomePage() {
  return (
    <>
      <Hero />
      <MissionProfiles />
      <FieldProof />
      <FlightSystems />
    </>
  );
}
