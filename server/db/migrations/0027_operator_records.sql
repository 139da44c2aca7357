CREATE TABLE "aircraft" (
	"id" serial PRIMARY KEY NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"serial" text NOT NULL,
	"registration" text DEFAULT '' NOT NULL,
	"registration_expires_on" date,
	"remote_id_serial" text DEFAULT '' NOT NULL,
	"firmware" text DEFAULT '' NOT NULL,
	"payloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'in-service' NOT NULL,
	"flight_hours_tenths" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aircraft_status_check" CHECK ("aircraft"."status" in ('in-service', 'grounded')),
	CONSTRAINT "aircraft_hours_check" CHECK ("aircraft"."flight_hours_tenths" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurer" text NOT NULL,
	"policy_number" text NOT NULL,
	"starts_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"per_occurrence_limit" integer NOT NULL,
	"aggregate_limit" integer NOT NULL,
	"additional_insured" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_dates_check" CHECK ("insurance_policies"."expires_on" >= "insurance_policies"."starts_on"),
	CONSTRAINT "insurance_policies_limits_check" CHECK ("insurance_policies"."per_occurrence_limit" between 0 and 2000000000 and "insurance_policies"."aggregate_limit" between "insurance_policies"."per_occurrence_limit" and 2000000000)
);
--> statement-breakpoint
CREATE TABLE "pilot_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"pilot_id" integer NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pilot_certificates_type_check" CHECK ("pilot_certificates"."type" in ('faa-part-107', 'easa-a2-cofc', 'easa-a1-a3', 'uk-flyer-id', 'uk-operator-id', 'other')),
	CONSTRAINT "pilot_certificates_dates_check" CHECK ("pilot_certificates"."expires_on" >= "pilot_certificates"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "record_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"note" text NOT NULL,
	CONSTRAINT "record_events_kind_check" CHECK ("record_events"."kind" in ('certificate', 'aircraft', 'insurance'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "required_insurance_limit" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "aircraft_id" integer;--> statement-breakpoint
ALTER TABLE "aircraft" ADD CONSTRAINT "aircraft_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_certificates" ADD CONSTRAINT "pilot_certificates_pilot_id_users_id_fk" FOREIGN KEY ("pilot_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_certificates" ADD CONSTRAINT "pilot_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pilot_certificates_pilot_id_idx" ON "pilot_certificates" USING btree ("pilot_id");--> statement-breakpoint
CREATE INDEX "record_events_record_idx" ON "record_events" USING btree ("kind","record_id","id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_aircraft_id_aircraft_id_fk" FOREIGN KEY ("aircraft_id") REFERENCES "public"."aircraft"("id") ON DELETE restrict ON UPDATE no action;