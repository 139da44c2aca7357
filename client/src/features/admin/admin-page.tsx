import { PageHeading } from "@/components/ui/page-heading";

export default function AdminPage() {
  return <PageHeading eyebrow="// Back office" title="Contact Submissions" />;
}
