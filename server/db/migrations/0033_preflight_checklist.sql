CREATE TABLE "checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"needs_value" boolean DEFAULT false NOT NULL,
	"thermal_only" boolean DEFAULT false NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_items_kind_check" CHECK ("checklist_items"."kind" in ('blocker', 'warning')),
	CONSTRAINT "checklist_items_source_check" CHECK ("checklist_items"."source" is null or "checklist_items"."source" in ('irradiance')),
	CONSTRAINT "checklist_items_label_check" CHECK (length(btrim("checklist_items"."label")) > 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "preflight" jsonb;--> statement-breakpoint
INSERT INTO "checklist_items" ("position", "label", "kind", "needs_value", "thermal_only", "source") VALUES
	(1, 'Airspace checked; authorisation number', 'blocker', true, false, NULL),
	(2, 'NOTAMs checked', 'blocker', false, false, NULL),
	(3, 'Site briefing given', 'blocker', false, false, NULL),
	(4, 'Weather within the aircraft''s limits', 'blocker', false, false, NULL),
	(5, 'Irradiance at least 600 W/m² (IEC TS 62446-3)', 'warning', false, true, 'irradiance');
