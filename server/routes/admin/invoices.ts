import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { creditNoteAnswerSchema, invoiceAnswerSchema } from "@common/contract/invoices";
import { createCreditNoteSchema, createInvoiceSchema, invoiceMessages, offlinePaymentSchema } from "@common/invoices";
import type { BillingRouteOptions } from "../../payments/provider";
import { requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { issueInvoice } from "../../invoices/issue-invoice";
import { issueCreditNote } from "../../invoices/issue-credit-note";
import { mailCreditNoteIssued } from "../../invoices/credit-note-mails";
import { recordOfflinePayment } from "../../invoices/offline-payment";
import { readInvoice } from "../../invoices/read-invoices";
import { mailInvoiceIssued } from "../../invoices/invoice-mails";
import { mailReceipt } from "../../payments/receipt-mails";
import { idParams } from "../../http/id-params";

/** POST /api/admin/invoices, GET /api/admin/invoices/:id, POST /api/admin/invoices/:id/payments and /credit-notes (admins). */
export const adminInvoiceRoutes: FastifyPluginAsync<BillingRouteOptions> = async (base, deps) => {
  const { db } = deps;
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** The invoice as it stands after a write that just committed. */
  const invoiceNow = async (id: number, timeZone: string) => {
    const invoice = await readInvoice(db, timeZone, id);
    if (!invoice) throw new HttpError(404, invoiceMessages.notFound);
    return invoice;
  };

  /**
   * POST /api/admin/invoices { jobId, dueDate?, extraLines?, adjustments? } — the delivered job's
   * final invoice from its accepted estimate, with any extra lines and adjustments, less the deposit
   * paid; mailed to the customer with its PDF once stored.
   */
  app.post(
    "/api/admin/invoices",
    {
      schema: {
        description:
          "409 while the job is not delivered or closed, has no accepted estimate, or already has an invoice that is not void; 400 errors.dueDate for a due date before today; 400 errors.adjustments when adjustments would bring the total below $0.00, errors.extraLines when the total would pass $999,999.99.",
        body: createInvoiceSchema,
        response: answers({ 201: invoiceAnswerSchema }),
      },
    },
    async (request, reply) => {
      const billing = await deps.billing();
      const id = await issueInvoice(db, billing.timeZone, request.body, request.user!.id);
      // After the commit: the outbox never waits on (or deadlocks with) the invoice's transaction.
      await mailInvoiceIssued({ ...deps, billing }, id).catch((error: unknown) => request.log.error({ err: error }, "the invoice mail could not be queued"));
      return reply.code(201).send(success(await invoiceNow(id, billing.timeZone)));
    },
  );

  /** GET /api/admin/invoices/:id — one invoice with its lines, adjustments, payments and credit notes. */
  app.get(
    "/api/admin/invoices/:id",
    { schema: { description: "Admins; 404 for an invoice that does not exist.", params: idParams, response: answers({ 200: invoiceAnswerSchema }) } },
    async (request) => success(await invoiceNow(request.params.id, (await deps.billing()).timeZone)),
  );

  /**
   * POST /api/admin/invoices/:id/credit-notes { reason, lines? | amount? } — part or all of an
   * issued invoice reversed, numbered CN-2026-0001; mailed to the customer with its PDF once stored.
   */
  app.post(
    "/api/admin/invoices/:id/credit-notes",
    {
      schema: {
        description:
          "Lines or one amount, in cents before tax; tax at the invoice's rate. 400 errors.amount (or errors.lines) for more than remains of the invoice after earlier credit notes; 409 for a void invoice; 404 for one that does not exist.",
        params: idParams,
        body: createCreditNoteSchema,
        response: answers({ 201: creditNoteAnswerSchema }),
      },
    },
    async (request, reply) => {
      const billing = await deps.billing();
      const creditNoteId = await issueCreditNote(db, billing.timeZone, request.params.id, request.body, request.user!.id);
      await mailCreditNoteIssued({ ...deps, billing }, creditNoteId).catch((error: unknown) =>
        request.log.error({ err: error }, "the credit note mail could not be queued"),
      );
      const invoice = await invoiceNow(request.params.id, billing.timeZone);
      const creditNote = invoice.creditNotes.find((note) => note.id === creditNoteId);
      if (!creditNote) throw new HttpError(404, invoiceMessages.creditNoteNotFound);
      return reply.code(201).send(success({ creditNote, invoice }));
    },
  );

  /**
   * POST /api/admin/invoices/:id/payments { amount, method, reference?, receivedOn? } — money
   * received outside the card checkout, at most the balance; the receipt is mailed once stored.
   */
  app.post(
    "/api/admin/invoices/:id/payments",
    {
      schema: {
        description: "409 for a paid or void invoice; 400 errors.amount for more than the balance.",
        params: idParams,
        body: offlinePaymentSchema,
        response: answers({ 201: invoiceAnswerSchema }),
      },
    },
    async (request, reply) => {
      const billing = await deps.billing();
      const paymentId = await recordOfflinePayment(db, billing.timeZone, request.params.id, request.body);
      await mailReceipt({ ...deps, billing }, paymentId).catch((error: unknown) => request.log.error({ err: error }, "the receipt mail could not be queued"));
      return reply.code(201).send(success(await invoiceNow(request.params.id, billing.timeZone)));
    },
  );
};
