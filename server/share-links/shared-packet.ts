import { shareApiUrl } from "@common/share-links";
import type { BillingSource } from "../billing/settings";
import type { Database } from "../db/client";
import { DomainError } from "../domain-errors";
import { type PacketCopy, packetCopies } from "../operator-records/compliance-packet";
import type { ShareLinkRow } from "./shared-deliverables";

// A link's compliance packet (docs/decisions/0075-scanned-copies.md): an admin chose it for the
// client's safety department; the packet is made when asked for, so it shows the records as they stand.

const NOT_SHARED = "This link does not share the compliance packet";

/** Whether the link shares the packet: only when an admin chose it, never by a link of everything. */
const sharesPacket = (link: Pick<ShareLinkRow, "items">): boolean => link.items?.compliancePacket === true;

/** Refuses a packet call of a link that does not share it (404, as any item the link does not share). */
export function assertSharesPacket(link: Pick<ShareLinkRow, "items">): void {
  if (!sharesPacket(link)) throw new DomainError("not-found", NOT_SHARED);
}

/** The scanned copies the job's packet names, when the link shares it; else null. */
export async function sharedPacketCopies(db: Database, billing: BillingSource, link: Pick<ShareLinkRow, "items">, jobId: number): Promise<PacketCopy[] | null> {
  return sharesPacket(link) ? packetCopies(db, jobId, (await billing()).timeZone) : null;
}

/** One copy the packet names, by its id: 404 for any other (a replaced copy, another record's). */
export function sharedCopy(copies: readonly PacketCopy[], id: number): PacketCopy {
  const copy = copies.find((candidate) => candidate.id === id);
  if (!copy) throw new DomainError("not-found", "File not found");
  return copy;
}

/** The packet and its copies at the link's own addresses, as the recipient's page lists them. */
export function packetLinks(token: string, copies: readonly PacketCopy[] | null) {
  if (copies === null) return null;
  const api = shareApiUrl(token);
  return {
    url: `${api}/compliance.pdf`,
    copies: copies.map((copy) => ({
      id: copy.id,
      record: copy.record,
      name: copy.originalName,
      contentType: copy.contentType,
      url: `${api}/compliance/copies/${copy.id}`,
    })),
  };
}
