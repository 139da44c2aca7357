ALTER TABLE "jobs" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "admin_reminded_at" timestamp with time zone;