import { buffer } from "node:stream/consumers";
import { and, eq, gte, lte } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import { formatMoney } from "@common/money";
import { CERTIFICATE_TYPE_LABELS, expiryLabel, type ScannedKind } from "@common/operator-records";
import { personName } from "@common/person-name";
import { CHECKLIST_KIND_LABELS, IRRADIANCE_JUDGEMENT_LABELS } from "@common/preflight-words";
import type { Database } from "../db/client";
import { aircraft, insurancePolicies, jobs, pilotCertificates, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { newestPerType } from "../jobs/compliance";
import { fullFlight } from "../jobs/flight-record";
import { preflightOfJob } from "../jobs/preflight";
import { formatDate, formatInstant } from "../pdf/format";
import { renderPdf } from "../pdf/pdf";
import type { DocumentBusiness } from "../pdf/types";
import type { Storage } from "../storage/storage";
import { currentCopies } from "./records";

// The compliance packet a client's safety department asks for before a flight
// (docs/decisions/0068-operator-records.md): who flies, on which aircraft, under which insurance,
// and the flight as planned or recorded, as the records stand on the flight's day. Each certificate
// and policy says whether its scanned copy is on file; the images are drawn on pages of their own,
// the PDFs named as attached (docs/decisions/0075-scanned-copies.md).

const NONE = "None recorded";
const yes = (flag: boolean) => (flag ? "Yes" : "No");

/** A scanned copy the packet names: of a certificate it lists or of a policy in force. */
export interface PacketCopy {
  id: number;
  kind: ScannedKind;
  /** "FAA Part 107 FAA-4471902", "Skyline Mutual policy SKY-889-2031". */
  record: string;
  originalName: string;
  contentType: string;
  storageKey: string;
}

const isImage = (copy: PacketCopy) => copy.contentType !== "application/pdf";

/**
 * What the packet shows of a job. The flight's day is its window's start in the business's zone,
 * else the day it was flown, else today.
 */
async function packetRecords(db: Database, jobId: number, timeZone: string) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new DomainError("not-found", "Job not found");
  const flight = job.flight ? fullFlight(job.flight) : null;
  const day = job.scheduledStart ? calendarDateIn(timeZone, job.scheduledStart) : (flight?.flownOn ?? calendarDateIn(timeZone));
  const pilotId = job.pilotId ?? flight?.pilotId ?? null;
  const aircraftId = job.aircraftId ?? flight?.aircraftId ?? null;
  const [customer] = await db.select().from(users).where(eq(users.id, job.userId));
  const [pilot] = pilotId === null ? [] : await db.select().from(users).where(eq(users.id, pilotId));
  const certificates = pilotId === null ? [] : newestPerType(await db.select().from(pilotCertificates).where(eq(pilotCertificates.pilotId, pilotId)));
  const [craft] = aircraftId === null ? [] : await db.select().from(aircraft).where(eq(aircraft.id, aircraftId));
  const policies = await db
    .select()
    .from(insurancePolicies)
    .where(and(lte(insurancePolicies.startsOn, day), gte(insurancePolicies.expiresOn, day)));
  const [certificateCopies, policyCopies] = await Promise.all([
    currentCopies(
      db,
      "certificate",
      certificates.map((certificate) => certificate.id),
    ),
    currentCopies(
      db,
      "insurance",
      policies.map((policy) => policy.id),
    ),
  ]);
  const copyOf = (kind: ScannedKind, recordId: number, record: string): PacketCopy | null => {
    const copy = (kind === "certificate" ? certificateCopies : policyCopies).get(recordId);
    return copy ? { id: copy.id, kind, record, originalName: copy.originalName, contentType: copy.contentType, storageKey: copy.storageKey } : null;
  };
  const certificateRows = certificates.map((certificate) => ({
    certificate,
    copy: copyOf("certificate", certificate.id, `${CERTIFICATE_TYPE_LABELS[certificate.type]} ${certificate.number}`),
  }));
  const policyRows = policies.map((policy) => ({ policy, copy: copyOf("insurance", policy.id, `${policy.insurer} policy ${policy.policyNumber}`) }));
  const copies = [...certificateRows, ...policyRows].flatMap(({ copy }) => (copy ? [copy] : []));
  return { job, flight, day, customer, pilot, craft, certificateRows, policyRows, copies };
}

/** The scanned copies the job's packet names, certificates first: what a share link of the packet serves beside it. */
export async function packetCopies(db: Database, jobId: number, timeZone: string): Promise<PacketCopy[]> {
  return (await packetRecords(db, jobId, timeZone)).copies;
}

/** "Scanned copy on file: scan.pdf (attached as a PDF)" or "No scanned copy on file". */
function copyNote(copy: PacketCopy | null): string {
  if (!copy) return "No scanned copy on file";
  return `Scanned copy on file: ${copy.originalName} (${isImage(copy) ? "on the pages after the flight" : "attached as a PDF"})`;
}

/**
 * The job's compliance packet as a PDF: the pilot's current certificates, the aircraft's
 * registration, the insurance policies in force on the flight's day (with whether they name the
 * customer as additional insured), each certificate and policy with whether its scanned copy is on
 * file, the flight window or the recorded flight, then the scanned copies that are images, a page each.
 */
export async function renderCompliancePacket(
  db: Database,
  storage: Storage,
  jobId: number,
  { business, timeZone, currency }: { business: DocumentBusiness; timeZone: string; currency: string },
): Promise<{ pdf: Buffer; fileName: string }> {
  const { job, flight, day, customer, pilot, craft, certificateRows, policyRows, copies } = await packetRecords(db, jobId, timeZone);
  // A copy whose file is gone from storage is named as not drawn, like a damaged one, rather than failing the packet.
  const read = (key: string) => storage.read(key).then(buffer, () => Buffer.alloc(0));
  const images = await Promise.all(copies.filter(isImage).map(async (copy) => ({ copy, bytes: await read(copy.storageKey) })));
  const attached = copies.filter((copy) => !isImage(copy));

  const checklist = await preflightOfJob(db, job);

  const name = `Compliance packet, job ${job.id}`;
  const pdf = await renderPdf(name, business, (doc) => {
    doc.header(business);
    doc.title("Compliance packet");
    doc.details(
      [
        { heading: "Job", lines: [job.title, job.siteName, job.siteAddress].filter(Boolean) },
        { heading: "Client", lines: customer ? [customer.company || personName(customer), customer.email] : [] },
      ],
      [
        ["Flight day", formatDate(day)],
        ["Pilot", pilot ? personName(pilot) : "Not assigned"],
        ["Aircraft", craft ? `${craft.make} ${craft.model}` : "Not chosen"],
      ],
    );
    doc.table(
      [{ heading: "Certificate" }, { heading: "Number", width: 120 }, { heading: "Issued", width: 80 }, { heading: "Current until", width: 110 }],
      certificateRows.length
        ? certificateRows.map(({ certificate, copy }) => ({
            cells: [CERTIFICATE_TYPE_LABELS[certificate.type], certificate.number, formatDate(certificate.issuedOn), formatDate(certificate.expiresOn)],
            note: `${expiryLabel(certificate.type)} ${certificate.expiresOn}${certificate.expiresOn < day ? ": not current on the flight day" : ""} · ${copyNote(copy)}`,
          }))
        : [{ cells: [NONE, "", "", ""] }],
      "Remote pilot",
    );
    doc.table(
      [{ heading: "Aircraft" }, { heading: "Serial", width: 110 }, { heading: "Registration", width: 110 }, { heading: "Registration expires", width: 110 }],
      craft
        ? [
            {
              cells: [
                `${craft.make} ${craft.model}`,
                craft.serial,
                craft.registration || "Not registered",
                craft.registrationExpiresOn ? formatDate(craft.registrationExpiresOn) : "",
              ],
              note: [
                craft.remoteIdSerial ? `Remote ID ${craft.remoteIdSerial}` : "",
                craft.firmware ? `firmware ${craft.firmware}` : "",
                ...craft.payloads.map((payload) => `${payload.name}${payload.serial ? ` (${payload.serial})` : ""}`),
              ]
                .filter(Boolean)
                .join(" · "),
            },
          ]
        : [{ cells: [NONE, "", "", ""] }],
      "Aircraft",
    );
    doc.table(
      [
        { heading: "Insurer" },
        { heading: "Policy", width: 100 },
        { heading: "Per occurrence", width: 90, align: "right" },
        { heading: "Aggregate", width: 90, align: "right" },
        { heading: "Expires", width: 80 },
      ],
      policyRows.length
        ? policyRows.map(({ policy, copy }) => ({
            cells: [
              policy.insurer,
              policy.policyNumber,
              formatMoney(policy.perOccurrenceLimit, currency),
              formatMoney(policy.aggregateLimit, currency),
              formatDate(policy.expiresOn),
            ],
            note: `Client named as additional insured: ${yes(policy.additionalInsured.includes(job.userId))} · ${copyNote(copy)}`,
          }))
        : [{ cells: ["No policy in force on the flight day", "", "", "", ""] }],
      "Insurance",
    );
    // As ticked, by whom and when, with the values given (docs/decisions/0074-preflight-checklist.md).
    doc.table(
      [{ heading: "Item" }, { heading: "Kind", width: 60 }, { heading: "Ticked", width: 50 }, { heading: "By", width: 100 }, { heading: "When", width: 110 }],
      checklist.items.length
        ? checklist.items.map((item) => ({
            cells: [
              item.label,
              CHECKLIST_KIND_LABELS[item.kind],
              yes(item.checked),
              item.checkedBy ?? "",
              item.checkedAt ? formatInstant(item.checkedAt, timeZone) : "",
            ],
            note: [
              item.source === "irradiance"
                ? `${item.irradiance === null ? "Irradiance not recorded" : `Irradiance ${item.irradiance} W/m²`}: ${IRRADIANCE_JUDGEMENT_LABELS[item.judgement ?? "not-recorded"]}`
                : item.value,
            ]
              .filter(Boolean)
              .join(" · "),
          }))
        : [{ cells: ["No checklist items", "", "", "", ""] }],
      checklist.keptAt ? `Pre-flight checklist (kept ${formatInstant(checklist.keptAt, timeZone)})` : "Pre-flight checklist (not yet kept)",
    );
    const planned =
      job.scheduledStart && job.scheduledEnd ? `${formatInstant(job.scheduledStart, timeZone)} to ${formatInstant(job.scheduledEnd, timeZone)}` : "";
    doc.section(
      flight ? "Flight log" : "Flight plan",
      flight
        ? [
            `Flown on ${formatDate(flight.flownOn)}${flight.takeOffAt && flight.landedAt ? `, take-off ${flight.takeOffAt}, landing ${flight.landedAt}` : ""}${flight.durationMinutes !== null ? `, ${flight.durationMinutes} minutes` : ""}.`,
            [
              flight.maxHeightMetres !== null ? `Maximum height ${flight.maxHeightMetres} m above take-off` : "",
              flight.latitude !== null && flight.longitude !== null ? `at ${flight.latitude.toFixed(5)}, ${flight.longitude.toFixed(5)}` : "",
              flight.log ? `log ${flight.log.fileName} (${flight.log.rows} rows)` : "",
            ]
              .filter(Boolean)
              .join(", "),
            [flight.wind && `Wind ${flight.wind}`, flight.temperature && `temperature ${flight.temperature}`, flight.cloud && `cloud ${flight.cloud}`]
              .filter(Boolean)
              .join(", "),
          ].filter(Boolean)
        : [planned ? `Scheduled ${planned}.` : "Not scheduled yet."],
    );
    if (attached.length > 0)
      doc.section(
        "Scanned copies attached as PDFs",
        attached.map((copy) => `${copy.record}: ${copy.originalName}, sent with this packet as a file of its own.`),
      );
    for (const { copy, bytes } of images)
      doc.figure(`Scanned copy: ${copy.record} (${copy.originalName})`, bytes, `This scan (${copy.originalName}) could not be drawn; it is kept on file.`);
  });
  return { pdf, fileName: `job-${job.id}-compliance.pdf` };
}
