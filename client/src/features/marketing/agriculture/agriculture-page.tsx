import { ServicePage } from "../components/service-page";
import { serviceDocument } from "../content/service-documents";

export default function AgriculturePage() {
  return <ServicePage pageKey="agricultural-services" document={serviceDocument("agricultural-services")!} />;
}
