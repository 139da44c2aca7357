/** Files are never public by path: each is served by id with an ownership check (DESIGN §4). */
export const reportFileUrl = (id: number): string => `/api/reports/${id}/file`;
export const mediaFileUrl = (id: number): string => `/api/media/${id}/file`;
