// The services a visitor or customer can ask about, as the forms list them and people read them.
// Plain data, without zod, so the screens that only show a request do not load the validation library.

/** Services a visitor can ask about in the contact form (docs/product.md §3), and the dashboard's quote dialog's choices (§2). */
export const CONTACT_SERVICES = [
  { value: "solar", label: "Solar Inspections" },
  { value: "agriculture", label: "Agricultural Services" },
  { value: "photography", label: "Photography & Filming" },
  { value: "other", label: "Other" },
] as const;

const [SOLAR, AGRICULTURE, PHOTOGRAPHY, OTHER] = CONTACT_SERVICES;

/** Service choices of the /request-quote page (docs/product.md §2): the contact form's, with two more before Other. */
export const PAGE_QUOTE_SERVICES = [
  SOLAR,
  AGRICULTURE,
  PHOTOGRAPHY,
  { value: "mapping", label: "Aerial Mapping" },
  { value: "inspection", label: "Infrastructure Inspection" },
  OTHER,
] as const;

/**
 * A contact or quote service as people read it ("solar" → "Solar Inspections"); the page's list is
 * a superset of the contact form's and the dialog's. A value we do not know reads as given.
 */
export const serviceLabel = (value: string): string => PAGE_QUOTE_SERVICES.find((service) => service.value === value)?.label ?? value;
