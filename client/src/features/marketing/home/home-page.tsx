import { nearViewportPart } from "@/components/ui/near-viewport-part";
import { FieldProof } from "../components/field-proof";
import { Hero } from "./hero";
import { MissionProfiles } from "./mission-profiles";

// The last section: its code loads as the reader nears it (issue 20); the prerendered page shows it
// meanwhile. Mission Profiles stays: it answers the pointer from the first screen on.
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
