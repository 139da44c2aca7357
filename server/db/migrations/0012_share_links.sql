CREATE TABLE "share_link_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"what" text NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "share_link_events_what_check" CHECK ("share_link_events"."what" in ('opened', 'downloaded'))
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"created_by" integer,
	"token_hash" text NOT NULL,
	"pin_hash" text,
	"allow_download" boolean NOT NULL,
	"items" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "share_pin_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_link_events" ADD CONSTRAINT "share_link_events_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_pin_attempts" ADD CONSTRAINT "share_pin_attempts_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_events_link_id_idx" ON "share_link_events" USING btree ("link_id","id");--> statement-breakpoint
CREATE INDEX "share_links_job_id_idx" ON "share_links" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "share_pin_attempts_link_idx" ON "share_pin_attempts" USING btree ("link_id","at");--> statement-breakpoint
CREATE INDEX "share_pin_attempts_address_idx" ON "share_pin_attempts" USING btree ("address","at");