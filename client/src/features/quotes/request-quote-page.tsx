import { useLocation } from "wouter";
import { PAGE_QUOTE_SERVICES } from "@common/services-offered";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { RequireAuth } from "@/components/require-auth";
import { withQueries } from "@/lib/with-queries";
import { QuoteForm } from "./quote-form";
import { SHOW_MY_QUOTES_STATE } from "@/lib/show-my-quotes";

/** /request-quote: the full-page quote form; visitors are sent to /login first (docs/product.md §2). */
function RequestQuotePage() {
  const [, navigate] = useLocation();
  return (
    <RequireAuth>
      {(user) => (
        <>
          <PageHeading eyebrow="// Mission briefing" title="Request a Custom Quote" publicPage>
            <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
              Describe the mission: site, scope and deliverables. Our flight team reviews every request and replies with a tailored quote.
            </p>
          </PageHeading>
          <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
            <Card>
              <QuoteForm
                user={user}
                idPrefix="quote-page"
                services={PAGE_QUOTE_SERVICES}
                showFailureReason
                onCancel={() => navigate("/dashboard")}
                onSubmitted={() => navigate("/dashboard", { state: SHOW_MY_QUOTES_STATE })}
              />
            </Card>
          </div>
        </>
      )}
    </RequireAuth>
  );
}

export default withQueries(RequestQuotePage);
