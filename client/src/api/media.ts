/** The customer's media (the dashboard's Media tab), read by its key, its URL. */
export const mediaKeys = { all: ["/api/media"] as const };

const ADMIN_MEDIA = ["/api/admin/media"] as const;

/**
 * The back office's media lists: the gallery manager's (`recent`) and the tabs' pages. An upload, a
 * rename, a delete or a change of gallery status reloads them all.
 */
export const adminMediaKeys = {
  all: ADMIN_MEDIA,
  recent: (limit: number) => [...ADMIN_MEDIA, limit] as const,
  page: (limit: number, filters: object) => [...ADMIN_MEDIA, limit, filters] as const,
};

/** The public gallery and its categories, which the back office's media changes reload too. */
export const galleryKeys = { all: ["/api/gallery"] as const, categories: ["/api/gallery/categories"] as const };

/** The back office's gallery categories; a change to them, or to an item's category, reloads the media lists too. */
export const galleryCategoryKeys = { all: ["/api/admin/gallery-categories"] as const };
