CREATE TABLE "site_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"storage_keys" jsonb NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_images_token_unique" UNIQUE("token"),
	CONSTRAINT "site_images_format_check" CHECK ("site_images"."format" in ('jpeg', 'png', 'webp')),
	CONSTRAINT "site_images_size_check" CHECK ("site_images"."width" > 0 and "site_images"."height" > 0 and "site_images"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_images" ADD CONSTRAINT "site_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;