import { Inbox, LayoutDashboard, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { withQueries } from "@/lib/with-queries";
import { useContactPage } from "./api/get-contact-submissions";
import { ListPager, ListSearch, usePagedSearch, useStayWithinPages } from "./paged-list";
import { ContactTable } from "./contact-table";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { RequireAdmin } from "./require-admin";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

const LOAD_FAILED = "Failed to load contact submissions";
const PAGE_SIZE = 20;

function ContactSubmissions() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const submissions = useContactPage({ q, page, pageSize: PAGE_SIZE });
  useLoadErrorToast(submissions, LOAD_FAILED);
  useStayWithinPages(page, PAGE_SIZE, submissions.data?.total, setPage);

  return (
    <>
      <PageHeading eyebrow="// Back office" title="Contact Submissions">
        <p className="mt-4 text-sm text-muted-foreground">Inquiries from the contact form and custom quote requests, newest first.</p>
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
        <div className="mb-5 flex justify-end">
          <ListSearch id="submissions-search" label="Search contact submissions" placeholder="Name, e-mail or words" value={search} onChange={setSearch} />
        </div>
        {submissions.isPending ? (
          <LoadingState label="Loading contact submissions…" />
        ) : submissions.isError ? (
          <ErrorState>{LOAD_FAILED}</ErrorState>
        ) : submissions.data?.data.length ? (
          <div aria-busy={submissions.isPlaceholderData}>
            <ContactTable submissions={submissions.data.data} />
            <ListPager
              label="Contact submissions pages"
              page={page}
              pageSize={PAGE_SIZE}
              total={submissions.data.total}
              noun={["submission", "submissions"]}
              onPage={setPage}
            />
          </div>
        ) : (
          <EmptyState icon={<Inbox />}>{q ? `No submissions match "${q}".` : "No submissions yet."}</EmptyState>
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
