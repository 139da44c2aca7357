CREATE TABLE "gallery_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"link" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"shown" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_badges_kind_check" CHECK ("site_badges"."kind" in ('certification', 'insurance'))
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "category_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_categories_slug_idx" ON "gallery_categories" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_category_id_gallery_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."gallery_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_category_idx" ON "media" USING btree ("category_id");