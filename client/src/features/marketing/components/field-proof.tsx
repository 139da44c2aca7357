import { lazy, Suspense } from "react";
import { nearViewport } from "@/lib/near-viewport";

const FIELD_PROOF_ID = "field-proof";

// Recent missions and testimonials come from the back office, so they cannot be prerendered; their
// code and data load as the reader comes within half a screen of them, like the contact form, so
// the first load of the home page stays as it was. Until then, and when there is nothing to show,
// this is an empty marker; field-proof-sections.tsx says when they may appear without moving anything.
const FieldProofSections = lazy(() => nearViewport(FIELD_PROOF_ID, "50%").then(() => import("./field-proof-sections")));

/**
 * The business's real work and what its clients say (docs/product.md §2, Home): after the home page's
 * services, at the end of each service page, where `service` (a category) keeps the case studies to its own.
 */
export function FieldProof({ service }: { service?: string | undefined }) {
  return (
    <div id={FIELD_PROOF_ID}>
      <Suspense fallback={null}>
        <FieldProofSections markerId={FIELD_PROOF_ID} service={service} />
      </Suspense>
    </div>
  );
}
