import { PageHeading } from "@/components/ui/page-heading";

export default function RequestQuotePage() {
  return <PageHeading eyebrow="// Mission briefing" title="Request a Custom Quote" />;
}
