ALTER TABLE "share_link_events" DROP CONSTRAINT "share_link_events_what_check";--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_link_events" ADD CONSTRAINT "share_link_events_what_check" CHECK ("share_link_events"."what" in ('opened', 'downloaded', 'wrong-pin'));