CREATE SEQUENCE "public"."rendered_pages_generation" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "rendered_pages" (
	"route" text PRIMARY KEY NOT NULL,
	"status" integer DEFAULT 200 NOT NULL,
	"html" text NOT NULL,
	"fingerprint" text NOT NULL,
	"settings_version" integer NOT NULL,
	"pages_version" integer NOT NULL,
	"generation" bigint NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rendered_pages_generation_idx" ON "rendered_pages" USING btree ("generation");