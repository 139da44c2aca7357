// The run's mailbox: every mail the app handed to the SMTP peer of e2e/serve.mjs, one raw .eml per
// recipient with a Delivered-To line on top. A test waits for a mail as a person watches their inbox,
// then reads it as a mail program does: its headers, its text, its attachments.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, readE2EState } from "./fixtures";

/** A body part that is not itself multipart: its media type, the file name it is attached as, its decoded bytes. */
interface Leaf {
  type: string;
  filename: string | undefined;
  content: Buffer;
}

function mailDir(): string {
  const state = readE2EState();
  if (!state) throw new Error("e2e/.state.json is missing: the mail folder is published by e2e/serve.mjs");
  return state.mailDir;
}

/** Files are renamed into place whole and never change after, so each is read once per test worker. */
const read = new Map<string, string>();

function delivered(): string[] {
  const dir = mailDir();
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (name.endsWith(".eml") && !read.has(file)) read.set(file, readFileSync(file, "utf8"));
  }
  return [...read.values()];
}

/** Splits an entity at its first empty line; header names lower-cased, folded lines joined (RFC 5322 §2.2.3). */
function entity(text: string): { headers: Map<string, string>; body: string } {
  const blank = /\r?\n\r?\n/.exec(text);
  const head = blank ? text.slice(0, blank.index) : text;
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body: blank ? text.slice(blank.index + blank[0].length) : "" };
}

/** A parameter of a structured header: `boundary` of Content-Type, `filename` of Content-Disposition. */
function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header ?? "");
  return match?.[1] ?? match?.[2];
}

function decode(body: string, encoding: string): Buffer {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(body, "utf8");
}

/** The mail's leaves in order, multiparts opened at their boundaries (RFC 2046 §5.1). */
function leaves(text: string): Leaf[] {
  const { headers, body } = entity(text);
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  const boundary = parameter(contentType, "boundary");
  if (type.startsWith("multipart/") && boundary) {
    const parts: string[][] = [];
    for (const line of body.split(/\r?\n/)) {
      if (line.trimEnd() === `--${boundary}--`) break;
      if (line.trimEnd() === `--${boundary}`) parts.push([]);
      else parts.at(-1)?.push(line);
    }
    return parts.flatMap((lines) => leaves(lines.join("\r\n")));
  }
  const filename = parameter(headers.get("content-disposition"), "filename") ?? parameter(contentType, "name");
  return [{ type, filename, content: decode(body, (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase()) }];
}

/** A header of the mail as it was sent (Subject, From, To, Delivered-To, ...). */
export function mailHeader(raw: string, name: string): string | undefined {
  return entity(raw).headers.get(name.toLowerCase());
}

/** The mail's plain-text body, decoded: what a reader sees, links included. */
export function mailText(raw: string): string {
  const text = leaves(raw).find((leaf) => leaf.type === "text/plain" && !leaf.filename);
  expect(text, "a text/plain part").toBeDefined();
  return text!.content.toString("utf8");
}

/** The attachment named `filename`, decoded to text (a calendar file, for one). */
export function mailAttachment(raw: string, filename: string): string {
  const attached = leaves(raw).filter((leaf) => leaf.filename);
  const file = attached.find((leaf) => leaf.filename === filename);
  expect(file, `an attachment ${filename} among [${attached.map((leaf) => leaf.filename).join(", ")}]`).toBeDefined();
  return file!.content.toString("utf8");
}

/** The attachment whose file name matches, as its bytes (a PDF, for one). */
export function mailAttachmentBytes(raw: string, filename: RegExp): Buffer {
  const attached = leaves(raw).filter((leaf) => leaf.filename);
  const file = attached.find((leaf) => filename.test(leaf.filename ?? ""));
  expect(file, `an attachment matching ${filename} among [${attached.map((leaf) => leaf.filename).join(", ")}]`).toBeDefined();
  return file!.content;
}

/** What a pattern is looked for in: the headers as sent and every text part decoded. */
function searchable(raw: string): string {
  const head = raw.slice(0, /\r?\n\r?\n/.exec(raw)?.index ?? raw.length).replace(/\r?\n(?=[ \t])/g, "");
  const texts = leaves(raw).filter((leaf) => leaf.type.startsWith("text/") && !leaf.filename);
  return [head, ...texts.map((leaf) => leaf.content.toString("utf8"))].join("\n");
}

/**
 * Waits until a mail delivered to `to` has every pattern in its headers or decoded text, and returns
 * it raw. The first such mail, oldest first; the outbox's worker sends it within seconds.
 */
export async function waitForMail(to: string, ...patterns: (string | RegExp)[]): Promise<string> {
  const matches = (raw: string) => {
    if (mailHeader(raw, "Delivered-To")?.toLowerCase() !== to.toLowerCase()) return false;
    const text = searchable(raw);
    return patterns.every((pattern) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text)));
  };
  let found: string | undefined;
  await expect
    .poll(() => (found = delivered().find(matches)) !== undefined, { message: `a mail to ${to} with ${patterns.map(String).join(", ") || "anything"}` })
    .toBe(true);
  return found!;
}
