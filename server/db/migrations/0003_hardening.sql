ALTER TABLE "payments" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" USING btree (translate(lower(normalize("username", NFKC)), 'аеһіјкорсѕуүхԁԛԝӏαορικνυχτε', 'aehijkopcsyyxdqwlaopiknuxte'));--> statement-breakpoint
UPDATE "payments" SET "submitted_at" = "created_at" WHERE "status" <> 'pending';
