CREATE TABLE "portation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"portation_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portation_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"status" text DEFAULT 'Initialized' NOT NULL,
	"from_operator_id" integer,
	"to_operator_id" integer,
	"region_code" integer,
	"tariff_name" text,
	"portation_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"from_operator_id" integer,
	"to_operator_id" integer,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"portation_at" timestamp with time zone,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"is_esia_msisdn" boolean DEFAULT false NOT NULL,
	"operator_id" integer,
	"region_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_numbers_user_msisdn_uq" UNIQUE("user_id","msisdn")
);
--> statement-breakpoint
CREATE TABLE "esia_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_families" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"oid" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_oid_unique" UNIQUE("oid")
);
--> statement-breakpoint
ALTER TABLE "portation_events" ADD CONSTRAINT "portation_events_portation_id_portations_id_fk" FOREIGN KEY ("portation_id") REFERENCES "public"."portations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD CONSTRAINT "portation_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD CONSTRAINT "portation_orders_from_operator_id_operators_id_fk" FOREIGN KEY ("from_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD CONSTRAINT "portation_orders_to_operator_id_operators_id_fk" FOREIGN KEY ("to_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD CONSTRAINT "portation_orders_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portations" ADD CONSTRAINT "portations_order_id_portation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."portation_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portations" ADD CONSTRAINT "portations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portations" ADD CONSTRAINT "portations_from_operator_id_operators_id_fk" FOREIGN KEY ("from_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portations" ADD CONSTRAINT "portations_to_operator_id_operators_id_fk" FOREIGN KEY ("to_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_numbers" ADD CONSTRAINT "user_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_numbers" ADD CONSTRAINT "user_numbers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_numbers" ADD CONSTRAINT "user_numbers_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_session_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_families" ADD CONSTRAINT "session_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portation_events_portation_idx" ON "portation_events" USING btree ("portation_id","occurred_at");--> statement-breakpoint
CREATE INDEX "portation_orders_user_msisdn_idx" ON "portation_orders" USING btree ("user_id","msisdn","last_update_at");--> statement-breakpoint
CREATE INDEX "portations_user_msisdn_idx" ON "portations" USING btree ("user_id","msisdn","portation_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "session_families_user_idx" ON "session_families" USING btree ("user_id");