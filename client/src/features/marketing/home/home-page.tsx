import { FieldProof } from "../components/field-proof";
import { FlightSystems } from "./flight-systems";
import { Hero } from "./hero";
import { MissionProfiles } from "./mission-profiles";

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
