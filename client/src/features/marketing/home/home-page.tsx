import { nearViewportPart } from "@/components/ui/near-viewport-part";
import { FieldProof } from "../components/field-proof";
import { Hero } from "./hero";

// Below the first screen: their code loads as the reader nears them (issue 20); the prerendered page shows them meanwhile.
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
