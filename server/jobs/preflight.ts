import { asc, eq, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { checklistItemsInputSchema, preflightAnswersInputSchema } from "@common/preflight";
import { irradianceOf } from "@common/preflight";
import { checklistMessages, judgeIrradiance } from "@common/preflight-words";
import { isSettled } from "@common/job-status";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { checklistItems, inspectionConditions, jobs, type PreflightAnswerRecord, type PreflightRecord, quotes, services, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob } from "./read-jobs";

// The pre-flight checklist (docs/decisions/0074-preflight-checklist.md): the business's items, a
// job's answers, and the gate Mark flown passes. The irradiance item reads and writes the job's
// inspection conditions, so the value is entered once for the checklist and the report.

/** A transaction, spelled as compliance.ts spells it: move-job.ts imports this file. */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Database | Transaction;
type Job = typeof jobs.$inferSelect;
type Item = typeof checklistItems.$inferSelect;

/** The contact and quote services' value, and the catalogue's category, of thermal (solar) work. */
const THERMAL = "solar";

const itemView = ({ id, label, kind, needsValue, thermalOnly, source }: Item) => ({ id, label, kind, needsValue, thermalOnly, source });

export async function listChecklistItems(db: Reader) {
  const rows = await db.select().from(checklistItems).orderBy(asc(checklistItems.position), asc(checklistItems.id));
  return rows.map(itemView);
}

/**
 * Replaces the business's items with `input.items`, in that order: an item with an id is kept (a
 * job's ticks of it stay), one without is added, one left out removed. An id not of the list is a
 * 400 naming it, and nothing changes. A job keeps the labels it was answered under.
 */
export function replaceChecklistItems(db: Database, input: z.output<typeof checklistItemsInputSchema>) {
  return db.transaction(async (tx) => {
    const existing = new Set((await tx.select({ id: checklistItems.id }).from(checklistItems).for("update")).map((row) => row.id));
    const errors = Object.fromEntries(
      input.items.flatMap((item, index) => (item.id !== undefined && !existing.has(item.id) ? [[`items.${index}.id`, checklistMessages.unknownItem]] : [])),
    );
    if (Object.keys(errors).length > 0) throw new DomainError("invalid", checklistMessages.unknownItem, errors);
    const kept = input.items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    await tx.delete(checklistItems).where(kept.length ? notInArray(checklistItems.id, kept) : undefined);
    for (const [index, { id, ...item }] of input.items.entries()) {
      const values = { ...item, position: index + 1 };
      if (id === undefined) await tx.insert(checklistItems).values(values);
      else await tx.update(checklistItems).set(values).where(eq(checklistItems.id, id));
    }
    return listChecklistItems(tx);
  });
}

/** A solar job: its service's category, or its quote request's service, is solar. */
async function isThermal(db: Reader, job: Job): Promise<boolean> {
  const [[service], [quote]] = await Promise.all([
    job.serviceId === null ? [] : db.select({ category: services.category }).from(services).where(eq(services.id, job.serviceId)),
    job.quoteId === null ? [] : db.select({ serviceType: quotes.serviceType }).from(quotes).where(eq(quotes.id, job.quoteId)),
  ]);
  return service?.category === THERMAL || quote?.serviceType === THERMAL;
}

async function recordedIrradiance(db: Reader, jobId: number): Promise<number | null> {
  const [row] = await db.select({ irradiance: inspectionConditions.irradiance }).from(inspectionConditions).where(eq(inspectionConditions.jobId, jobId));
  return row?.irradiance ?? null;
}

/** The items that apply to the job: every one, less the thermal-only ones on a job that is not solar. */
async function applicableItems(db: Reader, thermal: boolean) {
  return (await listChecklistItems(db)).filter((item) => thermal || !item.thermalOnly);
}

/**
 * The job's checklist as it stands: once kept, the answers as they were when the flight was
 * recorded; before, the business's items now, each with the job's answer to it. An answer given
 * under another wording of the item reads unticked: the pilot ticks what the item says now.
 */
async function resolve(db: Reader, job: Job) {
  const thermal = await isThermal(db, job);
  const irradiance = await recordedIrradiance(db, job.id);
  const kept = job.preflight?.keptAt ? job.preflight : null;
  const answers: PreflightAnswerRecord[] = kept
    ? kept.answers
    : (await applicableItems(db, thermal)).map((item) => {
        const given = job.preflight?.answers.find((answer) => answer.itemId === item.id && answer.label === item.label);
        return {
          itemId: item.id,
          label: item.label,
          kind: item.kind,
          needsValue: item.needsValue,
          source: item.source,
          checked: given?.checked ?? false,
          value: item.source === "irradiance" ? (irradiance === null ? "" : String(irradiance)) : (given?.value ?? ""),
          checkedBy: given?.checkedBy ?? null,
          checkedByName: given?.checkedByName ?? null,
          checkedAt: given?.checkedAt ?? null,
        };
      });
  const items = answers.map((answer) => {
    // A kept irradiance item holds the value as it was recorded then; an open one, the conditions' now.
    const value = answer.source !== "irradiance" ? null : kept ? (answer.value === "" ? null : Number(answer.value)) : irradiance;
    return {
      itemId: answer.itemId,
      label: answer.label,
      kind: answer.kind,
      needsValue: answer.needsValue,
      source: answer.source,
      checked: answer.checked,
      value: answer.value,
      irradiance: value,
      judgement: answer.source === "irradiance" ? judgeIrradiance(value) : null,
      checkedBy: answer.checked ? answer.checkedByName : null,
      checkedAt: answer.checked && answer.checkedAt ? new Date(answer.checkedAt) : null,
    };
  });
  return {
    jobId: job.id,
    thermal,
    keptAt: kept?.keptAt ? new Date(kept.keptAt) : null,
    items,
    unticked: items.filter((item) => item.kind === "blocker" && !item.checked).map((item) => item.label),
    answers,
    /** The job's inspection conditions' irradiance now (W/m²), null when not recorded. */
    recordedIrradiance: irradiance,
  };
}

export type PreflightView = Omit<Awaited<ReturnType<typeof resolve>>, "answers" | "recordedIrradiance">;

const view = ({ answers: _answers, recordedIrradiance: _recorded, ...rest }: Awaited<ReturnType<typeof resolve>>): PreflightView => rest;

/** GET …/preflight-checklist: the caller has passed requireStaff; a pilot not on the job reads 404. */
export async function readPreflight(db: Database, actor: Actor, jobId: number): Promise<PreflightView> {
  return view(await resolve(db, await findVisibleJob(db, actor, jobId)));
}

/**
 * PUT …/preflight-checklist: the job's answers, every applicable item's (one left out reads
 * unticked). A tick keeps who gave it and when until it or its value changes. An irradiance item's
 * value is written to the job's inspection conditions. Every bad answer is a 400 naming it, and
 * nothing is saved; a kept checklist (the flight recorded) or a settled job is a 409.
 */
export function savePreflight(db: Database, actor: Actor, jobId: number, input: z.output<typeof preflightAnswersInputSchema>): Promise<PreflightView> {
  return db.transaction(async (tx) => {
    const visible = await findVisibleJob(tx, actor, jobId);
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, visible.id)).for("update");
    if (!job) throw new DomainError("not-found", "Job not found");
    if (job.preflight?.keptAt) throw new DomainError("conflict", checklistMessages.kept);
    if (isSettled(job.status)) throw new DomainError("conflict", checklistMessages.settled);
    const current = await resolve(tx, job);
    const recorded = current.recordedIrradiance;
    const errors: Record<string, string> = {};
    let irradiance: number | null = null;
    input.answers.forEach((answer, index) => {
      const item = current.answers.find((candidate) => candidate.itemId === answer.itemId);
      if (!item) {
        errors[`answers.${index}.itemId`] = checklistMessages.unknownItem;
      } else if (item.source === "irradiance") {
        if (answer.value !== "") {
          irradiance = irradianceOf(answer.value);
          if (irradiance === null) errors[`answers.${index}.value`] = checklistMessages.irradiance;
        } else if (answer.checked && recorded === null) errors[`answers.${index}.value`] = checklistMessages.valueNeeded(item.label);
      } else if (item.needsValue && answer.checked && answer.value === "") errors[`answers.${index}.value`] = checklistMessages.valueNeeded(item.label);
    });
    if (Object.keys(errors).length > 0) throw new DomainError("invalid", Object.values(errors).join(" "), errors);

    if (irradiance !== null && irradiance !== recorded) {
      // Entered once: the same conditions the report states (server/inspection-report/conditions.ts).
      const values = { irradiance, recordedBy: actor.id, updatedAt: new Date() };
      await tx
        .insert(inspectionConditions)
        .values({ jobId: job.id, ...values })
        .onConflictDoUpdate({ target: inspectionConditions.jobId, set: values });
    }
    const [who] = await tx.select().from(users).where(eq(users.id, actor.id));
    const name = who ? personName(who) : null;
    const now = new Date().toISOString();
    const answers = current.answers.map((item): PreflightAnswerRecord => {
      const given = input.answers.find((answer) => answer.itemId === item.itemId);
      const checked = given?.checked ?? false;
      const value = item.source === "irradiance" ? "" : checked ? (given?.value ?? "") : "";
      const prior = job.preflight?.answers.find((answer) => answer.itemId === item.itemId && answer.label === item.label);
      const same = prior && prior.checked === checked && prior.value === value;
      return {
        ...item,
        value,
        checked,
        checkedBy: same ? prior.checkedBy : checked ? actor.id : null,
        checkedByName: same ? prior.checkedByName : checked ? name : null,
        checkedAt: same ? prior.checkedAt : checked ? now : null,
      };
    });
    const preflight: PreflightRecord = { answers, keptAt: null };
    await tx.update(jobs).set({ preflight }).where(eq(jobs.id, job.id));
    return view(await resolve(tx, { ...job, preflight }));
  });
}

/**
 * Mark flown's part of the checklist, in its transaction: every blocker must be ticked (409 naming
 * each under `checklist`), unless an admin gives an override reason, which the history keeps with
 * the blockers it passed. Answers the checklist to keep with the flight, irradiance as recorded
 * now, and the history's note (empty when nothing was overridden).
 */
export async function keepPreflight(tx: Transaction, job: Job, actor: Actor, overrideReason: string): Promise<{ preflight: PreflightRecord; note: string }> {
  const current = await resolve(tx, job);
  let note = "";
  if (current.unticked.length > 0) {
    if (actor.role !== "admin" || !overrideReason) {
      const message = checklistMessages.notTicked(current.unticked);
      throw new DomainError("conflict", message, { checklist: message });
    }
    note = checklistMessages.overrideNote(current.unticked, overrideReason);
  }
  const answers = current.answers.map((answer) => {
    const item = current.items.find((candidate) => candidate.itemId === answer.itemId);
    return answer.source === "irradiance" ? { ...answer, value: item?.irradiance == null ? "" : String(item.irradiance) } : answer;
  });
  return { preflight: { answers, keptAt: new Date().toISOString() }, note };
}

/** The job's checklist for the compliance packet: the kept one once flown, else as it stands. */
export async function preflightOfJob(db: Database, job: Job): Promise<PreflightView> {
  return view(await resolve(db, job));
}
