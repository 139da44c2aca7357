/** The back office's testimonials, read by their key, their URL; each write reloads them. */
export const testimonialKeys = { all: ["/api/admin/testimonials"] as const };

/** The back office's social links, read by their key, their URL; a save reloads them. */
export const socialLinkKeys = { all: ["/api/admin/social-links"] as const };

/** The back office's badges, read by their key, their URL; each write reloads them. */
export const badgeKeys = { all: ["/api/admin/badges"] as const };
