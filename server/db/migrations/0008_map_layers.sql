CREATE TABLE "map_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"captured_at" timestamp with time zone,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"original_key" text NOT NULL,
	"original_name" text NOT NULL,
	"original_size" bigint NOT NULL,
	"cog_key" text,
	"bounds" jsonb,
	"resolution_cm" double precision,
	"stats" jsonb,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_layers_kind_check" CHECK ("map_layers"."kind" in ('orthomosaic', 'elevation', 'multispectral', 'thermal')),
	CONSTRAINT "map_layers_status_check" CHECK ("map_layers"."status" in ('queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "map_layers_progress_check" CHECK ("map_layers"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "site_boundary" jsonb;--> statement-breakpoint
ALTER TABLE "map_layers" ADD CONSTRAINT "map_layers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_layers" ADD CONSTRAINT "map_layers_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_layers_job_id_idx" ON "map_layers" USING btree ("job_id","id");