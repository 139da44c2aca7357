import type { z } from "zod";
import type { adminMediaItemSchema, galleryItemSchema, mediaItemSchema } from "@common/contract/media";
import type { adminReportSchema, reportSchema } from "@common/contract/reports";
import type { media, reports } from "../db/schema";
import { personName } from "@common/person-name";
import { mediaFileUrl, posterUrl, reportFileUrl, thumbnailUrl } from "./file-urls";

// The only shapes in which a report or media row leaves the server. Each names the fields it
// hands on, one by one, so a column added to the table (or the storage key) never leaks by
// spreading the row; the file itself is reached through its URL, which checks who is asking.

type ReportRow = typeof reports.$inferSelect;
type MediaRow = typeof media.$inferSelect;
type GalleryCategoryRef = { id: number; name: string; slug: string };

export function publicReport(row: ReportRow): z.output<typeof reportSchema> {
  return {
    id: row.id,
    userId: row.userId,
    serviceId: row.serviceId,
    jobId: row.jobId,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    size: row.size,
    fileUrl: reportFileUrl(row.id),
    createdAt: row.createdAt,
  };
}

type FileRow = Pick<MediaRow, "id" | "title" | "description" | "fileType" | "posterKey" | "durationSeconds" | "createdAt">;

/** What every media shape shares: the file by its URL and what it is. */
function mediaFile(row: FileRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fileType: row.fileType,
    fileUrl: mediaFileUrl(row.id),
    thumbnailUrl: thumbnailUrl(row),
    posterUrl: posterUrl(row),
    durationSeconds: row.durationSeconds,
    createdAt: row.createdAt,
  };
}

/** A gallery item as anyone sees it: not whose it is; its category by name and slug. */
export function galleryItem(row: FileRow, category: GalleryCategoryRef | null): z.output<typeof galleryItemSchema> {
  return { ...mediaFile(row), category };
}

/** A media item as its owner and the admins see it. */
export function publicMedia(row: MediaRow): z.output<typeof mediaItemSchema> {
  return {
    ...mediaFile(row),
    userId: row.userId,
    serviceId: row.serviceId,
    jobId: row.jobId,
    size: row.size,
    isGalleryItem: row.isGalleryItem,
    categoryId: row.categoryId,
    posterPending: row.posterPending,
  };
}

/** Whose a row is, as the back office names them. */
type Owner = { username: string; firstName: string; lastName: string };

/** A report in the back office's lists: with its owner's name, not "User #2". */
export function adminReport(row: ReportRow, owner: Owner): z.output<typeof adminReportSchema> {
  return { ...publicReport(row), ownerName: personName(owner) };
}

/** A media item in the back office's lists: with its owner's name. */
export function adminMedia(row: MediaRow, owner: Owner): z.output<typeof adminMediaItemSchema> {
  return { ...publicMedia(row), ownerName: personName(owner) };
}
