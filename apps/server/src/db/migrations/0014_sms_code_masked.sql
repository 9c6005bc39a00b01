ALTER TABLE "notifications" ADD COLUMN "carries_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
-- Codes stored in plain text before this migration are masked (decision 122): they were sent long ago.
UPDATE "notifications" SET "body" = regexp_replace("body", '[0-9]{6}', '••••••'), "carries_secret" = true WHERE "body" LIKE 'Код подтверждения номера для переноса: %';
