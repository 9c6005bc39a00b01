ALTER TABLE "portation_orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "number_watches" ADD COLUMN "proof" text;--> statement-breakpoint
ALTER TABLE "number_watches" ADD COLUMN "proof_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD COLUMN "repeats" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "portations_done_msisdn_idx" ON "portations" USING btree ("msisdn") WHERE status = 'Done';--> statement-breakpoint
-- Watches switched on before their proof was kept: ESIA where the profile lists the number, else the SMS code of the newest confirmed application (30 days, as SMS_PROOF_DAYS); without either, lapsed.
UPDATE "number_watches" w SET "proof" = 'esia' WHERE EXISTS (SELECT 1 FROM "user_numbers" n WHERE n."user_id" = w."user_id" AND n."msisdn" = w."msisdn" AND n."is_esia_msisdn");--> statement-breakpoint
UPDATE "number_watches" w SET "proof" = 'sms', "proof_until" = o."confirmed" + interval '30 days' FROM (SELECT "user_id", "msisdn", max("msisdn_confirmed_at") AS "confirmed" FROM "portation_orders" WHERE "msisdn_confirmed_at" IS NOT NULL GROUP BY "user_id", "msisdn") o WHERE w."proof" IS NULL AND o."user_id" = w."user_id" AND o."msisdn" = w."msisdn";
