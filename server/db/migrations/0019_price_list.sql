CREATE TABLE "price_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_items_description_check" CHECK (length(btrim("price_list_items"."description")) > 0),
	CONSTRAINT "price_list_items_unit_price_check" CHECK ("price_list_items"."unit_price" between 0 and 99999999)
);
--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD COLUMN "price_list_item_id" integer;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_items_description_idx" ON "price_list_items" USING btree ("description");--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_price_list_item_id_price_list_items_id_fk" FOREIGN KEY ("price_list_item_id") REFERENCES "public"."price_list_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_lines_price_list_item_idx" ON "estimate_lines" USING btree ("price_list_item_id");