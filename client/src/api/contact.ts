const CONTACT = ["/api/contact"] as const;

/** The back office's pages of contact submissions, and the Messages tab's count (a page of one). */
export const contactKeys = {
  all: CONTACT,
  page: (filters: object) => [...CONTACT, filters] as const,
};
