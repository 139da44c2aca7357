/** The back office's home, as its Home tab reads it (by its key, its URL). */
export const overviewKeys = { all: ["/api/admin/overview"] as const };
