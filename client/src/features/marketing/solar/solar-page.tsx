import { ServicePage } from "../components/service-page";
import { serviceDocument } from "../content/service-documents";

export default function SolarPage() {
  return <ServicePage pageKey="solar-inspections" document={serviceDocument("solar-inspections")!} />;
}
