import { PageHeading } from "@/components/ui/page-heading";

export default function ResetPasswordPage() {
  return <PageHeading eyebrow="// Secure access" title="Reset Password" />;
}
