CREATE TABLE "batteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"aircraft_id" integer NOT NULL,
	"serial" text NOT NULL,
	"cycles_before" integer DEFAULT 0 NOT NULL,
	"health_percent" integer,
	"status" text DEFAULT 'in-service' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batteries_cycles_check" CHECK ("batteries"."cycles_before" >= 0),
	CONSTRAINT "batteries_health_check" CHECK ("batteries"."health_percent" is null or "batteries"."health_percent" between 0 and 100),
	CONSTRAINT "batteries_status_check" CHECK ("batteries"."status" in ('in-service', 'grounded'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"aircraft_id" integer NOT NULL,
	"done_on" date NOT NULL,
	"work" text NOT NULL,
	"done_by" text NOT NULL,
	"hours_tenths_at" integer,
	"cycles_at" integer,
	"next_due_on" date,
	"next_due_hours_tenths" integer,
	"next_due_cycles" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_entries_counts_check" CHECK (coalesce("maintenance_entries"."hours_tenths_at", 0) >= 0 and coalesce("maintenance_entries"."cycles_at", 0) >= 0 and coalesce("maintenance_entries"."next_due_hours_tenths", 0) >= 0 and coalesce("maintenance_entries"."next_due_cycles", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "record_events" DROP CONSTRAINT "record_events_kind_check";--> statement-breakpoint
ALTER TABLE "record_reminders" DROP CONSTRAINT "record_reminders_kind_check";--> statement-breakpoint
ALTER TABLE "batteries" ADD CONSTRAINT "batteries_aircraft_id_aircraft_id_fk" FOREIGN KEY ("aircraft_id") REFERENCES "public"."aircraft"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batteries" ADD CONSTRAINT "batteries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_entries" ADD CONSTRAINT "maintenance_entries_aircraft_id_aircraft_id_fk" FOREIGN KEY ("aircraft_id") REFERENCES "public"."aircraft"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_entries" ADD CONSTRAINT "maintenance_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batteries_aircraft_id_idx" ON "batteries" USING btree ("aircraft_id");--> statement-breakpoint
CREATE INDEX "maintenance_entries_aircraft_id_idx" ON "maintenance_entries" USING btree ("aircraft_id","done_on");--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_kind_check" CHECK ("record_events"."kind" in ('certificate', 'aircraft', 'insurance', 'battery', 'maintenance'));--> statement-breakpoint
ALTER TABLE "record_reminders" ADD CONSTRAINT "record_reminders_kind_check" CHECK ("record_reminders"."kind" in ('certificate', 'aircraft', 'insurance', 'battery', 'maintenance'));