CREATE TABLE "number_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alert_day" date,
	"alert_sends" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "number_watches_user_msisdn_uq" UNIQUE("user_id","msisdn")
);
--> statement-breakpoint
CREATE TABLE "watch_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"to_operator_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"hold" text,
	"hold_until" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"notified" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "number_watches" ADD CONSTRAINT "number_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_to_operator_id_operators_id_fk" FOREIGN KEY ("to_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_watches_msisdn_idx" ON "number_watches" USING btree ("msisdn") WHERE enabled;--> statement-breakpoint
CREATE INDEX "watch_alerts_user_idx" ON "watch_alerts" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "watch_alerts_order_idx" ON "watch_alerts" USING btree ("order_id");