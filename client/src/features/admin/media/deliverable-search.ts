/** What the reports and media lists search in, as their search boxes hint. */
export const DELIVERABLE_SEARCH_HINT = "Title, description or customer";
