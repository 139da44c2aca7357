CREATE TABLE "finding_crops" (
	"id" serial PRIMARY KEY NOT NULL,
	"finding_id" integer NOT NULL,
	"layer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text,
	"content_type" text DEFAULT '' NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_crops_finding_layer_unique" UNIQUE("finding_id","layer_id"),
	CONSTRAINT "finding_crops_kind_check" CHECK ("finding_crops"."kind" in ('thermal', 'visual'))
);
--> statement-breakpoint
ALTER TABLE "finding_crops" ADD CONSTRAINT "finding_crops_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_crops" ADD CONSTRAINT "finding_crops_layer_id_map_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."map_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_crops_finding_id_idx" ON "finding_crops" USING btree ("finding_id");