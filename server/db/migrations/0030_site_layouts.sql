CREATE TABLE "site_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"features" jsonb NOT NULL,
	"bbox" jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_layouts" ADD CONSTRAINT "site_layouts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_layouts" ADD CONSTRAINT "site_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_layouts" ADD CONSTRAINT "site_layouts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_layouts_job_id_idx" ON "site_layouts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "site_layouts_user_id_idx" ON "site_layouts" USING btree ("user_id","id");