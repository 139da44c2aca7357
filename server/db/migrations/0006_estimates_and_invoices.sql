CREATE TABLE "estimate_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "estimate_lines_position_check" CHECK ("estimate_lines"."position" >= 1),
	CONSTRAINT "estimate_lines_quantity_check" CHECK ("estimate_lines"."quantity" > 0),
	CONSTRAINT "estimate_lines_unit_price_check" CHECK ("estimate_lines"."unit_price" >= 0),
	CONSTRAINT "estimate_lines_amount_check" CHECK ("estimate_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "estimate_responses" (
	"estimate_id" integer PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"user_id" integer,
	"signature_name" text,
	"signed_at" timestamp with time zone,
	"ip_address" "inet",
	"user_agent" text,
	"accepted_sha256" text,
	"optional_line_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"accepted_subtotal" integer,
	"accepted_tax" integer,
	"accepted_total" integer,
	"accepted_deposit_amount" integer,
	"comment" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_responses_answer_check" CHECK ("estimate_responses"."answer" in ('accepted', 'changes_requested', 'declined')),
	CONSTRAINT "estimate_responses_accepted_check" CHECK ("estimate_responses"."answer" <> 'accepted' or (
        length(btrim("estimate_responses"."signature_name")) >= 2 and "estimate_responses"."signed_at" is not null and "estimate_responses"."ip_address" is not null
        and "estimate_responses"."user_agent" is not null and "estimate_responses"."accepted_sha256" ~ '^[0-9a-f]{64}$'
        and "estimate_responses"."accepted_subtotal" >= 0 and "estimate_responses"."accepted_tax" >= 0 and "estimate_responses"."accepted_total" >= 0
        and "estimate_responses"."accepted_deposit_amount" between 0 and "estimate_responses"."accepted_total"
      )),
	CONSTRAINT "estimate_responses_changes_check" CHECK ("estimate_responses"."answer" <> 'changes_requested' or length(btrim("estimate_responses"."comment")) > 0),
	CONSTRAINT "estimate_responses_declined_check" CHECK ("estimate_responses"."answer" <> 'declined' or length(btrim("estimate_responses"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"deposit_kind" text DEFAULT 'amount' NOT NULL,
	"deposit_value" integer DEFAULT 0 NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"deposit_amount" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_revision_check" CHECK ("estimates"."revision" >= 1),
	CONSTRAINT "estimates_status_check" CHECK ("estimates"."status" in ('sent', 'accepted', 'changes_requested', 'declined', 'expired', 'superseded')),
	CONSTRAINT "estimates_deposit_kind_check" CHECK ("estimates"."deposit_kind" in ('percent', 'amount')),
	CONSTRAINT "estimates_deposit_value_check" CHECK ("estimates"."deposit_value" >= 0 and ("estimates"."deposit_kind" <> 'percent' or "estimates"."deposit_value" <= 10000)),
	CONSTRAINT "estimates_tax_rate_check" CHECK ("estimates"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "estimates_discount_check" CHECK ("estimates"."discount" between 0 and "estimates"."subtotal"),
	CONSTRAINT "estimates_tax_check" CHECK ("estimates"."tax" >= 0),
	CONSTRAINT "estimates_total_check" CHECK ("estimates"."total" = "estimates"."subtotal" - "estimates"."discount" + "estimates"."tax"),
	CONSTRAINT "estimates_deposit_amount_check" CHECK ("estimates"."deposit_amount" between 0 and "estimates"."total")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_year_check" CHECK ("invoice_counters"."year" between 1000 and 9999),
	CONSTRAINT "invoice_counters_last_sequence_check" CHECK ("invoice_counters"."last_sequence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	CONSTRAINT "invoice_lines_position_check" CHECK ("invoice_lines"."position" >= 1),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_unit_price_check" CHECK ("invoice_lines"."unit_price" >= 0),
	CONSTRAINT "invoice_lines_amount_check" CHECK ("invoice_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"estimate_id" integer,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"lines_total" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('open', 'paid', 'void')),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" = "invoices"."year" || '-' || lpad("invoices"."sequence"::text, greatest(4, length("invoices"."sequence"::text)), '0')),
	CONSTRAINT "invoices_year_check" CHECK ("invoices"."year" = extract(year from "invoices"."issue_date")),
	CONSTRAINT "invoices_due_date_check" CHECK ("invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_discount_check" CHECK ("invoices"."discount" between 0 and "invoices"."lines_total"),
	CONSTRAINT "invoices_tax_rate_check" CHECK ("invoices"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "invoices_tax_check" CHECK ("invoices"."tax" >= 0),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."lines_total" - "invoices"."discount" + "invoices"."tax"),
	CONSTRAINT "invoices_reminders_sent_check" CHECK ("invoices"."reminders_sent" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "estimate_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_responses" ADD CONSTRAINT "estimate_responses_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_responses" ADD CONSTRAINT "estimate_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_lines_position_idx" ON "estimate_lines" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_job_revision_idx" ON "estimates" USING btree ("job_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_one_current_per_job_idx" ON "estimates" USING btree ("job_id") WHERE "estimates"."status" in ('sent', 'changes_requested', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_idx" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_job_idx" ON "invoices" USING btree ("job_id") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_estimate_id_idx" ON "invoices" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_estimate_id_idx" ON "payments" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'bank_transfer', 'cheque', 'cash'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_check" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount");