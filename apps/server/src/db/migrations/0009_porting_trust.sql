CREATE TABLE "portation_code_send_limits" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"sends" smallint NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portation_code_send_limits_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "filing_started_at" timestamp with time zone;--> statement-breakpoint
-- One open draft per number and owner: before the unique indexes, older duplicate drafts of an owner
-- end as Deleted, each with its timeline event (parallel inits could make several).
WITH ranked AS (
	SELECT "id", row_number() OVER (
		PARTITION BY "msisdn", coalesce('u:' || "user_id"::text, 'b:' || "browser_id")
		ORDER BY "created_at" DESC, "id" DESC
	) AS n
	FROM "portation_orders" WHERE "status" = 'Initialized'
), gone AS (
	UPDATE "portation_orders" o SET "status" = 'Deleted', "reason" = 'Заменено более новым заявлением на этот номер.', "last_update_at" = now()
	FROM ranked r WHERE r."id" = o."id" AND r.n > 1 RETURNING o."id"
)
INSERT INTO "portation_events" ("order_id", "occurred_at", "status", "kind", "description")
SELECT "id", now(), 'Deleted', 'expired', 'Заявление заменено более новым на этот номер и удалено' FROM gone;--> statement-breakpoint
CREATE UNIQUE INDEX "portation_orders_one_user_draft_uq" ON "portation_orders" USING btree ("msisdn","user_id") WHERE status = 'Initialized' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "portation_orders_one_browser_draft_uq" ON "portation_orders" USING btree ("msisdn","browser_id") WHERE status = 'Initialized' and user_id is null;--> statement-breakpoint
ALTER TABLE "portation_confirmation_codes" DROP COLUMN "sends";--> statement-breakpoint
ALTER TABLE "portation_confirmation_codes" DROP COLUMN "sends_day";--> statement-breakpoint
ALTER TABLE "portation_confirmation_codes" DROP COLUMN "last_sent_at";