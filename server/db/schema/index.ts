// The database's tables, one file per domain (drizzle-kit reads them all through this file).
export * from "./accounts";
export * from "./invitations";
export * from "./contact";
export * from "./catalogue";
export * from "./jobs";
export * from "./price-list";
export * from "./media";
export * from "./estimates";
export * from "./invoices";
export * from "./payments";
export * from "./map-layers";
export * from "./findings";
export * from "./job-documents";
export * from "./site-content";
export * from "./inspection-report";
export * from "./share-links";
export * from "./settings";
