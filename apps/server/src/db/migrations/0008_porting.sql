CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_standin_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bdpn_standin_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"msisdn" text NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bdpn_standin_processes_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "portation_confirmation_codes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts_left" smallint NOT NULL,
	"sends" smallint DEFAULT 1 NOT NULL,
	"sends_day" date NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_numbers" DROP CONSTRAINT "user_numbers_operator_id_operators_id_fk";
--> statement-breakpoint
ALTER TABLE "user_numbers" DROP CONSTRAINT "user_numbers_region_code_regions_code_fk";
--> statement-breakpoint
ALTER TABLE "portation_events" ALTER COLUMN "portation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portation_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portation_orders" ALTER COLUMN "portation_date" SET DATA TYPE date USING ("portation_date" AT TIME ZONE 'Europe/Moscow')::date;--> statement-breakpoint
ALTER TABLE "portation_events" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "portation_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "browser_id" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "tariff_id" integer;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "msisdn_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "region_code" integer;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "process_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "passport_sealed" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_confirmation_codes" ADD CONSTRAINT "portation_confirmation_codes_order_id_portation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."portation_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_order_idx" ON "notifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bdpn_standin_processes_msisdn_idx" ON "bdpn_standin_processes" USING btree ("msisdn");--> statement-breakpoint
ALTER TABLE "portation_events" ADD CONSTRAINT "portation_events_order_id_portation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."portation_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD CONSTRAINT "portation_orders_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "portation_events" SET "order_id" = "portations"."order_id" FROM "portations" WHERE "portation_events"."portation_id" = "portations"."id";--> statement-breakpoint
CREATE INDEX "portation_events_order_idx" ON "portation_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "portation_orders_browser_idx" ON "portation_orders" USING btree ("browser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portation_orders_one_pending_uq" ON "portation_orders" USING btree ("msisdn") WHERE status = 'PendingBDPN';--> statement-breakpoint
CREATE INDEX "portation_orders_drafts_idx" ON "portation_orders" USING btree ("created_at") WHERE status = 'Initialized';--> statement-breakpoint
CREATE INDEX "portations_order_idx" ON "portations" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "user_numbers" DROP COLUMN "operator_id";--> statement-breakpoint
ALTER TABLE "user_numbers" DROP COLUMN "region_code";