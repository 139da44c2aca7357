import { desc, eq } from "drizzle-orm";
import { siteImageMessages } from "@common/site-images";
import type { Database } from "../db/client";
import { siteImages } from "../db/schema";
import { DomainError } from "../domain-errors";
import { picturesInUse } from "../site-pages/pages";
import type { Storage } from "../storage/storage";
import { deleteSiteImageFiles } from "./store-image";

/** GET /api/admin/site-images: every uploaded picture, newest first, with the pages whose draft or live version shows it. */
export async function listSiteImages(db: Database) {
  const [rows, uses] = await Promise.all([
    db
      .select({
        id: siteImages.id,
        token: siteImages.token,
        format: siteImages.format,
        width: siteImages.width,
        height: siteImages.height,
        bytes: siteImages.bytes,
        fileName: siteImages.fileName,
        uploadedAt: siteImages.uploadedAt,
      })
      .from(siteImages)
      .orderBy(desc(siteImages.uploadedAt), desc(siteImages.id)),
    picturesInUse(db),
  ]);
  return rows.map((row) => ({
    ...row,
    usedOn: uses.filter((use) => use.token === row.token).map(({ key, route, draft, published }) => ({ key, route, draft, published })),
  }));
}

/**
 * DELETE /api/admin/site-images/:id: the picture's row, then its files. 409 naming the pages while a
 * draft or a live version shows it. The row is locked first: a draft saved with the picture at the
 * same time either commits before (and is seen here) or waits and then finds the picture gone.
 */
export async function deleteSiteImage(db: Database, storage: Storage, id: number): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx.select({ token: siteImages.token, storageKeys: siteImages.storageKeys }).from(siteImages).where(eq(siteImages.id, id)).for("update");
    if (!row) throw new DomainError("not-found", siteImageMessages.notFound);
    const pages = [...new Set((await picturesInUse(tx)).filter((use) => use.token === row.token).map((use) => use.route))];
    if (pages.length) {
      const message = siteImageMessages.inUse(pages);
      throw new DomainError("conflict", message, { id: message });
    }
    await tx.delete(siteImages).where(eq(siteImages.id, id));
    return row.storageKeys;
  });
  // After the commit: a failed delete of a file leaves an unreachable copy, never a row without its files.
  await deleteSiteImageFiles(storage, keys);
}
