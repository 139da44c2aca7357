CREATE TABLE "case_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"before_media_id" integer,
	"after_media_id" integer,
	"show_map" boolean DEFAULT true NOT NULL,
	"shown" boolean DEFAULT false NOT NULL,
	"consent" text DEFAULT 'none' NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"consent_requested_at" timestamp with time zone,
	"consent_requested_by" integer,
	"consent_answered_at" timestamp with time zone,
	"consent_answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_studies_job_id_unique" UNIQUE("job_id"),
	CONSTRAINT "case_studies_consent_check" CHECK ("case_studies"."consent" in ('none', 'requested', 'granted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_before_media_id_media_id_fk" FOREIGN KEY ("before_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_after_media_id_media_id_fk" FOREIGN KEY ("after_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_consent_requested_by_users_id_fk" FOREIGN KEY ("consent_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_consent_answered_by_users_id_fk" FOREIGN KEY ("consent_answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_studies_public_idx" ON "case_studies" USING btree ("consent","shown");