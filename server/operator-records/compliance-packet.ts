import { and, eq, gte, lte } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import { formatMoney } from "@common/money";
import { CERTIFICATE_TYPE_LABELS, expiryLabel } from "@common/operator-records";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { aircraft, insurancePolicies, jobs, pilotCertificates, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { newestPerType } from "../jobs/compliance";
import { fullFlight } from "../jobs/flight-record";
import { formatDate, formatInstant } from "../pdf/format";
import { renderPdf } from "../pdf/pdf";
import type { DocumentBusiness } from "../pdf/types";

// The compliance packet a client's safety department asks for before a flight
// (docs/decisions/0068-operator-records.md): who flies, on which aircraft, under which insurance,
// and the flight as planned or recorded, as the records stand on the flight's day.

const NONE = "None recorded";
const yes = (flag: boolean) => (flag ? "Yes" : "No");

/**
 * The job's compliance packet as a PDF: the pilot's current certificates, the aircraft's
 * registration, the insurance policies in force on the flight's day (with whether they name the
 * customer as additional insured), and the flight window or the recorded flight. The flight's day is
 * its window's start in the business's zone, else the day it was flown, else today.
 */
export async function renderCompliancePacket(
  db: Database,
  jobId: number,
  { business, timeZone, currency }: { business: DocumentBusiness; timeZone: string; currency: string },
): Promise<{ pdf: Buffer; fileName: string }> {
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
      certificates.length
        ? certificates.map((certificate) => ({
            cells: [CERTIFICATE_TYPE_LABELS[certificate.type], certificate.number, formatDate(certificate.issuedOn), formatDate(certificate.expiresOn)],
            note: `${expiryLabel(certificate.type)} ${certificate.expiresOn}${certificate.expiresOn < day ? ": not current on the flight day" : ""}`,
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
      policies.length
        ? policies.map((policy) => ({
            cells: [
              policy.insurer,
              policy.policyNumber,
              formatMoney(policy.perOccurrenceLimit, currency),
              formatMoney(policy.aggregateLimit, currency),
              formatDate(policy.expiresOn),
            ],
            note: `Client named as additional insured: ${yes(policy.additionalInsured.includes(job.userId))}`,
          }))
        : [{ cells: ["No policy in force on the flight day", "", "", "", ""] }],
      "Insurance",
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
  });
  return { pdf, fileName: `job-${job.id}-compliance.pdf` };
}
