CREATE TABLE "finding_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"finding_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"class" text NOT NULL,
	"severity" text NOT NULL,
	"severity_reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dismiss_reason" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"polygon" jsonb,
	"locator" text DEFAULT '' NOT NULL,
	"max_temp" double precision,
	"ref_temp" double precision,
	"delta_t" double precision,
	"index_value" double precision,
	"power_loss" double precision,
	"media_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "findings_class_check" CHECK ("findings"."class" in ('hot_spot', 'multiple_hot_spots', 'bypass_diode', 'open_module', 'missing_module', 'pid', 'open_string', 'junction_box', 'soiling', 'shading', 'vegetation', 'physical_damage', 'low_vigour', 'water_stress', 'pest_disease', 'weeds', 'drainage', 'missing_plants', 'other')),
	CONSTRAINT "findings_severity_check" CHECK ("findings"."severity" in ('minor', 'moderate', 'critical')),
	CONSTRAINT "findings_status_check" CHECK ("findings"."status" in ('candidate', 'open', 'repair_planned', 'repaired', 'verified', 'dismissed')),
	CONSTRAINT "findings_position_check" CHECK ("findings"."lat" between -90 and 90 and "findings"."lon" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_events_finding_id_idx" ON "finding_events" USING btree ("finding_id","id");--> statement-breakpoint
CREATE INDEX "findings_job_id_idx" ON "findings" USING btree ("job_id","id");