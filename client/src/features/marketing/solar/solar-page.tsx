import { ServicePage } from "../components/service-page";
import { useServiceDocument } from "../content/service-documents";

export default function SolarPage() {
  return <ServicePage pageKey="solar-inspections" document={useServiceDocument("solar-inspections")!} />;
}
