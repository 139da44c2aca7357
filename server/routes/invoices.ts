import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { invoiceAnswerSchema, invoiceListSchema } from "@common/contract/invoices";
import { invoiceListQuerySchema, invoiceMessages } from "@common/invoices";
import type { BillingRouteOptions } from "../payments/provider";
import { invoices, jobs } from "../db/schema";
import { renderInvoicePdf } from "../pdf/invoice-pdf";
import { renderCreditNotePdf } from "../pdf/credit-note-pdf";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { creditNoteDocument, invoiceDocument } from "../invoices/invoice-document";
import { creditNotePdfFilename } from "../invoices/credit-note-mails";
import { readInvoice, readInvoices } from "../invoices/read-invoices";
import { invoicePdfFilename } from "../invoices/invoice-mails";
import { creditNoteParams, idParams } from "../http/id-params";

const ONE_INVOICE_CALLERS = "The invoice's customer and the admins; anyone else gets 404, a visitor 401.";

/** Whose invoices the caller may read: an admin's every one, anyone else's their own jobs' (undefined: no narrowing). */
function ownerFilter(request: FastifyRequest): number | undefined {
  const user = currentUser(request);
  return user.role === "admin" ? undefined : user.id;
}

/** A PDF as a download. Bytes, not the route's JSON answers: they leave as they are, unserialized. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply.type("application/pdf").header("content-disposition", `attachment; filename="${filename}"`).send(pdf);
}

/** GET /api/invoices, GET /api/invoices/:id, its PDF and its credit notes' PDFs (its customer; admins). */
export const invoiceRoutes: FastifyPluginAsync<BillingRouteOptions> = async (base, { db, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The invoice the caller may see, or 404 (another customer's is as missing as one that does not exist). */
  const visibleInvoice = async (request: FastifyRequest, id: number, timeZone: string) => {
    const invoice = await readInvoice(db, timeZone, id, ownerFilter(request));
    if (!invoice) throw new HttpError(404, invoiceMessages.notFound);
    return invoice;
  };

  /** GET /api/invoices?jobId= — a customer's own invoices; an admin's every invoice; newest first, of one job when asked. */
  app.get(
    "/api/invoices",
    {
      preValidation: requireUser,
      schema: {
        description: "A customer: their own invoices. An admin: every invoice. A visitor gets 401.",
        querystring: invoiceListQuerySchema,
        response: answers({ 200: invoiceListSchema }),
      },
    },
    async (request) => {
      const owner = ownerFilter(request);
      const { jobId } = request.query;
      return success(
        await readInvoices(
          db,
          (await billing()).timeZone,
          and(owner === undefined ? undefined : eq(jobs.userId, owner), jobId === undefined ? undefined : eq(invoices.jobId, jobId)),
        ),
      );
    },
  );

  /** GET /api/invoices/:id — one invoice with its lines, payments and refunds. */
  app.get(
    "/api/invoices/:id",
    { preValidation: requireUser, schema: { description: ONE_INVOICE_CALLERS, params: idParams, response: answers({ 200: invoiceAnswerSchema }) } },
    async (request) => success(await visibleInvoice(request, request.params.id, (await billing()).timeZone)),
  );

  /** GET /api/invoices/:id/pdf — the invoice as a PDF, downloaded as invoice-2026-0001.pdf. */
  app.get(
    "/api/invoices/:id/pdf",
    {
      preValidation: requireUser,
      schema: {
        description: ONE_INVOICE_CALLERS,
        params: idParams,
        response: {
          ...answers({}),
          200: { description: "The invoice as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const settings = await billing();
      const invoice = await visibleInvoice(request, request.params.id, settings.timeZone);
      const pdf = await renderInvoicePdf(await invoiceDocument(db, settings, invoice));
      return sendPdf(reply, invoicePdfFilename(invoice.number), pdf);
    },
  );

  /** GET /api/invoices/:id/credit-notes/:creditNoteId/pdf — one of the invoice's credit notes as a PDF, downloaded as credit-note-CN-2026-0001.pdf. */
  app.get(
    "/api/invoices/:id/credit-notes/:creditNoteId/pdf",
    {
      preValidation: requireUser,
      schema: {
        description: ONE_INVOICE_CALLERS,
        params: creditNoteParams,
        response: {
          ...answers({}),
          200: { description: "The credit note as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const settings = await billing();
      const invoice = await visibleInvoice(request, request.params.id, settings.timeZone);
      const note = invoice.creditNotes.find((candidate) => candidate.id === request.params.creditNoteId);
      if (!note) throw new HttpError(404, invoiceMessages.creditNoteNotFound);
      const pdf = await renderCreditNotePdf(await creditNoteDocument(db, settings, invoice, note));
      return sendPdf(reply, creditNotePdfFilename(note.number), pdf);
    },
  );
};
