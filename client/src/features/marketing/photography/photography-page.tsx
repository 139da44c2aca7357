import { ServicePage } from "../components/service-page";
import { serviceDocument } from "../content/service-documents";

export default function PhotographyPage() {
  return <ServicePage pageKey="photography-filming" document={serviceDocument("photography-filming")!} />;
}
