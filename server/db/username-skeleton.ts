import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { USERNAME_CONFUSABLES } from "../../common/usernames";

/**
 * usernameSkeleton() of common/usernames.ts in SQL, with its constants inline so that the unique
 * index users_username_skeleton_idx (server/db/schema/accounts.ts) is built from this very expression and
 * lookups written with it use that index. The database lower-cases both sides, so a comparison
 * agrees with the index whatever its locale.
 */
export function usernameSkeletonSql(username: SQLWrapper | string): SQL {
  return sql`translate(lower(normalize(${username}, NFKC)), ${sql.raw(`'${USERNAME_CONFUSABLES.from}'`)}, ${sql.raw(`'${USERNAME_CONFUSABLES.to}'`)})`;
}
