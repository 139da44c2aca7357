CREATE TABLE "record_reminders" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_reminders_kind_record_id_due_on_days_pk" PRIMARY KEY("kind","record_id","due_on","days"),
	CONSTRAINT "record_reminders_kind_check" CHECK ("record_reminders"."kind" in ('certificate', 'aircraft', 'insurance')),
	CONSTRAINT "record_reminders_days_check" CHECK ("record_reminders"."days" in (30, 7, 0))
);
