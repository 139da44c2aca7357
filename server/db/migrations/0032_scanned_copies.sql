CREATE TABLE "scanned_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scanned_copies_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "scanned_copies_kind_check" CHECK ("scanned_copies"."kind" in ('certificate', 'insurance'))
);
--> statement-breakpoint
ALTER TABLE "record_events" ADD COLUMN "copy_id" integer;--> statement-breakpoint
ALTER TABLE "scanned_copies" ADD CONSTRAINT "scanned_copies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scanned_copies_record_idx" ON "scanned_copies" USING btree ("kind","record_id","id");--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_copy_id_scanned_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."scanned_copies"("id") ON DELETE restrict ON UPDATE no action;