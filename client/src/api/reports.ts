/** The customer's reports (the dashboard's Reports tab), read by its key, its URL. */
export const reportKeys = { all: ["/api/reports"] as const };

const ADMIN_REPORTS = ["/api/admin/reports"] as const;

/** The back office's pages of reports: an upload, a rename or a delete reloads them all. */
export const adminReportKeys = {
  all: ADMIN_REPORTS,
  page: (filters: object) => [...ADMIN_REPORTS, filters] as const,
};
