import { useParams } from "wouter";
import { ServicePage } from "../components/service-page";
import { useServiceDocument } from "../content/service-documents";

/** A service page the business added (docs/decisions/0061-site-pages.md), at /<its key>: the router shows it only while it is on the site. */
export default function AddedServicePage() {
  const { slug = "" } = useParams<{ slug: string }>();
  const document = useServiceDocument(slug);
  return document ? <ServicePage pageKey={slug} document={document} /> : null;
}
