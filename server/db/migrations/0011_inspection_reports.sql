CREATE TABLE "inspection_conditions" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"irradiance" double precision,
	"ambient_temp" double precision,
	"wind_speed" double precision,
	"cloud_cover" double precision,
	"cloud_unit" text DEFAULT 'oktas' NOT NULL,
	"aircraft" text DEFAULT '' NOT NULL,
	"camera" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_conditions_cloud_unit_check" CHECK ("inspection_conditions"."cloud_unit" in ('oktas', 'percent'))
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"report_id" integer,
	"requested_by" integer,
	"finding_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_reports_status_check" CHECK ("inspection_reports"."status" in ('queued', 'generating', 'published', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "inspection_conditions" ADD CONSTRAINT "inspection_conditions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_conditions" ADD CONSTRAINT "inspection_conditions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_reports_job_version_idx" ON "inspection_reports" USING btree ("job_id","version");