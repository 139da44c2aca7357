import { ServicePage } from "../components/service-page";
import { useServiceDocument } from "../content/service-documents";

export default function PhotographyPage() {
  return <ServicePage pageKey="photography-filming" document={useServiceDocument("photography-filming")!} />;
}
