ALTER TABLE "media" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "poster_key" text;