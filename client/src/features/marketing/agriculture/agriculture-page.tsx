import { ServicePage } from "../components/service-page";
import { useServiceDocument } from "../content/service-documents";

export default function AgriculturePage() {
  return <ServicePage pageKey="agricultural-services" document={useServiceDocument("agricultural-services")!} />;
}
