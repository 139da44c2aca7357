import { eq } from "drizzle-orm";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@common/site-content";
import type { Database } from "../db/client";
import { socialLinks } from "../db/schema";

/** The stored profiles in the contact section's order; a row of a network the site does not show is left out. */
export async function storedSocialLinks(db: Database): Promise<{ network: SocialNetwork; url: string }[]> {
  const urls = new Map((await db.select().from(socialLinks)).map((row) => [row.network, row.url]));
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = urls.get(network);
    return url ? [{ network, url }] : [];
  });
}

/**
 * Every network's address at once. An empty one removes the network's row, and its icon goes back
 * to the placeholder target (docs/product.md §2).
 */
export async function saveSocialLinks(db: Database, input: Record<SocialNetwork, string>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const network of SOCIAL_NETWORKS) {
      const url = input[network];
      if (url === "") await tx.delete(socialLinks).where(eq(socialLinks.network, network));
      else await tx.insert(socialLinks).values({ network, url }).onConflictDoUpdate({ target: socialLinks.network, set: { url } });
    }
  });
}

/** The social profiles' addresses, as the pages name them (the business's sameAs): read at each render of the pages. */
export const socialProfileUrls = (db: Database) => async (): Promise<string[]> => (await storedSocialLinks(db)).map(({ url }) => url);
