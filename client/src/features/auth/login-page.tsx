import { PageHeading } from "@/components/ui/page-heading";

export default function LoginPage() {
  return <PageHeading eyebrow="// Secure access" title="Customer Login" />;
}
