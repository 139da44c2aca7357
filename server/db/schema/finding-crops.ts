import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { CROP_KINDS } from "../../../common/findings";
import { createdAt, id, oneOf } from "./columns";
import { findings } from "./findings";
import { mapLayers } from "./map-layers";

/**
 * A finding's crop of one of its job's layers (docs/decisions/0073-finding-crops.md), made once in
 * the background and kept. A row without a storage key says the finding lies outside that layer, so
 * it is not tried again and the page can say so.
 */
export const findingCrops = pgTable(
  "finding_crops",
  {
    id: id(),
    findingId: integer("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    layerId: integer("layer_id")
      .notNull()
      .references(() => mapLayers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CROP_KINDS }).notNull(),
    storageKey: text("storage_key"),
    contentType: text("content_type").notNull().default(""),
    width: integer("width").notNull().default(0),
    height: integer("height").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    unique("finding_crops_finding_layer_unique").on(table.findingId, table.layerId),
    index("finding_crops_finding_id_idx").on(table.findingId),
    check("finding_crops_kind_check", oneOf(table.kind, CROP_KINDS)),
  ],
);
