CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "credit_note_counters_year_check" CHECK ("credit_note_counters"."year" between 1000 and 9999),
	CONSTRAINT "credit_note_counters_last_sequence_check" CHECK ("credit_note_counters"."last_sequence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_note_lines_position_check" CHECK ("credit_note_lines"."position" >= 1),
	CONSTRAINT "credit_note_lines_amount_check" CHECK ("credit_note_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_sequence_check" CHECK ("credit_notes"."sequence" >= 1),
	CONSTRAINT "credit_notes_number_check" CHECK ("credit_notes"."number" = 'CN-' || "credit_notes"."year" || '-' || lpad("credit_notes"."sequence"::text, greatest(4, length("credit_notes"."sequence"::text)), '0')),
	CONSTRAINT "credit_notes_year_check" CHECK ("credit_notes"."year" = extract(year from "credit_notes"."issue_date")),
	CONSTRAINT "credit_notes_subtotal_check" CHECK ("credit_notes"."subtotal" > 0),
	CONSTRAINT "credit_notes_tax_check" CHECK ("credit_notes"."tax" >= 0),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total" = "credit_notes"."subtotal" + "credit_notes"."tax")
);
--> statement-breakpoint
CREATE TABLE "invoice_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "invoice_adjustments_position_check" CHECK ("invoice_adjustments"."position" >= 1),
	CONSTRAINT "invoice_adjustments_amount_check" CHECK ("invoice_adjustments"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "source" text DEFAULT 'estimate' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "adjustments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_lines_position_idx" ON "credit_note_lines" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_sequence_idx" ON "credit_notes" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_adjustments_position_idx" ON "invoice_adjustments" USING btree ("invoice_id","position");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_source_check" CHECK ("invoice_lines"."source" in ('estimate', 'extra'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_adjustments_check" CHECK ("invoices"."lines_total" - "invoices"."discount" + "invoices"."adjustments" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."lines_total" - "invoices"."discount" + "invoices"."adjustments" + "invoices"."tax");