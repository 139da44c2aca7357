import { Inbox, LayoutDashboard, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { withQueries } from "@/lib/with-queries";
import { useContactSubmissions } from "./api/get-contact-submissions";
import { ContactTable } from "./contact-table";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { RequireAdmin } from "./require-admin";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

const LOAD_FAILED = "Failed to load contact submissions";

function ContactSubmissions() {
  const submissions = useContactSubmissions();
  useLoadErrorToast(submissions, LOAD_FAILED);

  return (
    <>
      <PageHeading eyebrow="// Back office" title="Contact Submissions">
        <p className="mt-4 text-lg text-muted-foreground">Inquiries from the contact form and custom quote requests, newest first.</p>
      </PageHeading>
      <section aria-labelledby="submissions-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <PanelHeader id="submissions-heading" title="Inbox">
          <Link href="/admin-dashboard" className={buttonVariants({ variant: "ghost" })}>
            <LayoutDashboard aria-hidden />
            Admin dashboard
          </Link>
          <Button type="button" variant="outline" disabled={submissions.isFetching} onClick={() => void submissions.refetch()}>
            <RefreshCw aria-hidden className={submissions.isFetching ? "animate-spin" : undefined} />
            Refresh
          </Button>
        </PanelHeader>
        {submissions.isPending ? (
          <LoadingState label="Loading contact submissions…" />
        ) : submissions.isError ? (
          <ErrorState>{LOAD_FAILED}</ErrorState>
        ) : submissions.data?.length ? (
          <ContactTable submissions={submissions.data} />
        ) : (
          <EmptyState icon={<Inbox />}>No submissions yet.</EmptyState>
        )}
      </section>
    </>
  );
}

/** /admin: every contact submission in one table (docs/product.md §2); admins only. */
function AdminPage() {
  return <RequireAdmin>{() => <ContactSubmissions />}</RequireAdmin>;
}

export default withQueries(AdminPage);
