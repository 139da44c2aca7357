const CUSTOMERS = ["/api/admin/customers"] as const;

/** The back office's Customers list and each account's page: a role change or a deliverable's change invalidates both. */
export const customerKeys = {
  all: CUSTOMERS,
  list: (filters: object) => [...CUSTOMERS, filters] as const,
  detail: (id: number) => [...CUSTOMERS, id] as const,
};

/** Every account, admins included: the back office's user pickers (pilots among the staff) read roles from it. */
export const userKeys = { all: ["/api/admin/users"] as const };

/** The back office's invitations: an invite, a withdrawal or a phone-in customer's invitation reloads them. */
export const invitationKeys = { all: ["/api/admin/invitations"] as const };
