/**
 * The business's settings as the back office reads them (by their key, their URL): the Settings tab,
 * the first-run setup and the dashboard that decides whether the setup comes first share the one
 * answer, and each save puts the settings it answers with in its place.
 */
export const settingsKeys = { all: ["/api/admin/settings"] as const };
