// Starts the built app for the browser tests on a fresh database: a new PGlite folder, or,
// when DATABASE_URL is set, a new PostgreSQL database created beside the given one. Its mail goes
// to a real SMTP peer started here, which files every message it accepts as a raw .eml in the
// run's mail folder (e2e/mailbox.ts reads them), as a mail server delivers to a mailbox.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";

// Playwright may kill this process before its exit handler runs: sweep folders of dead runs.
for (const name of readdirSync(os.tmpdir())) {
  const pid = /^skyvantage-e2e-(\d+)-/.exec(name)?.[1];
  if (!pid) continue;
  try {
    process.kill(Number(pid), 0);
  } catch {
    rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), `skyvantage-e2e-${process.pid}-`));
// Beside the app's DATA_DIR, not in it: the folder is the mail peer's, and the sweep above removes it too.
const mailDir = `${dataDir}-mail`;
mkdirSync(mailDir);
/** The sender the app is configured with (MAIL_FROM): the tests read it back from each mail's From. */
const mailFrom = "SkyVantage Flights <flights@skyvantage.test>";
// While this file exists, videos' poster tasks wait (e2e/held-ffprobe.sh); beside DATA_DIR, swept with it.
const posterHold = `${dataDir}-poster-hold`;
const state = { dataDir, databaseUrl: undefined, mailDir, mailFrom, posterHold };

if (process.env.DATABASE_URL) {
  const name = `skyvantage_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs: dropped unless a run still uses them (then the drop fails).
  const { rows } = await admin.query("select datname from pg_database where datname like 'skyvantage_e2e_%'");
  for (const { datname } of rows) await admin.query(`drop database "${datname}"`).catch(() => undefined);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  state.databaseUrl = url.toString();
}
process.on("exit", () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(posterHold, { force: true });
});

// The SMTP peer, as server/testing/smtp-peer.ts starts one for the API tests: loopback, no TLS, no
// login. Each message is filed once per envelope recipient with a Delivered-To line on top (what a
// delivery agent adds), written under a temporary name and renamed, so a reader never sees half a mail.
let filed = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      try {
        const raw = Buffer.concat(chunks);
        for (const { address } of session.envelope.rcptTo) {
          filed += 1;
          const file = path.join(mailDir, `${String(filed).padStart(6, "0")}.eml`);
          writeFileSync(`${file}.part`, Buffer.concat([Buffer.from(`Delivered-To: ${address}\r\n`), raw]));
          renameSync(`${file}.part`, file);
        }
        callback();
      } catch (error) {
        // Refused: the app's outbox keeps the mail and tries again.
        callback(error);
      }
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.once("error", reject);
  smtp.listen(0, "127.0.0.1", () => {
    smtp.off("error", reject);
    resolve();
  });
});
// A connection's error (a client hanging up) is reported, never fatal: an unhandled one would end this server.
smtp.on("error", (error) => console.error(`e2e SMTP peer: ${error.message}`));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;
writeFileSync(path.join(import.meta.dirname, ".state.json"), JSON.stringify(state));

Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? "5055",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  // The browser tests send many inquiries from one address; the API tests cover the limits.
  RATE_LIMIT_CONTACT_MAX: "10000",
  RATE_LIMIT_LOGIN_MAX: "10000",
  RATE_LIMIT_REGISTER_MAX: "10000",
  ADMIN_USERNAME: "e2e-admin",
  ADMIN_PASSWORD: "e2e-admin-password",
  // A real address, so the admin receives what the business is told (new requests, customers' messages).
  ADMIN_EMAIL: "e2e-admin@example.com",
  // Estimates and invoices charge tax, so the quote-to-cash journey's figures go through the rounding rule.
  TAX_RATE: "8.25",
  // A business zone unlike the browser's (UTC here, or what a test's context sets): the calendar and the schedule dialog must use this one.
  BUSINESS_TIME_ZONE: "America/Recife",
  // With SMTP the app mails the password-reset link instead of answering it (docs/product.md §7).
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom,
  FFPROBE_PATH: path.join(import.meta.dirname, "held-ffprobe.sh"),
  E2E_POSTER_HOLD: posterHold,
  ...(state.databaseUrl ? { DATABASE_URL: state.databaseUrl } : {}),
});
await import("../dist/server/index.js");
