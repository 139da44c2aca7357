// `npm start`: builds when the sources are newer than the last build, then serves.
// `node scripts/start.mjs migrate` (`npm run db:migrate`): the same, then only migrates the database.
import { buildIfStale } from "./build-if-stale.mjs";

await buildIfStale();
await import(process.argv[2] === "migrate" ? "../dist/server/migrate.js" : "../dist/server/index.js");
