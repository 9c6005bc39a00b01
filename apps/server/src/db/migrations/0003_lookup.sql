CREATE SEQUENCE "public"."ported_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lookup_quota_usage" (
	"client_key" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lookup_quota_usage_client_key_day_pk" PRIMARY KEY("client_key","day")
);
--> statement-breakpoint
CREATE TABLE "lookup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"plan_version" integer DEFAULT 0 NOT NULL,
	"ported_generation" integer DEFAULT 0 NOT NULL,
	"plan_source" text,
	"plan_is_demo" boolean DEFAULT false NOT NULL,
	"plan_imported_at" timestamp with time zone,
	"plan_summary" jsonb,
	"ported_summary" jsonb,
	"refresh_claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "numbering_ranges" (
	"id" integer PRIMARY KEY NOT NULL,
	"from_msisdn" bigint NOT NULL,
	"to_msisdn" bigint NOT NULL,
	"operator_id" integer NOT NULL,
	"legal_name" text NOT NULL,
	"inn" text,
	"region_text" text NOT NULL,
	"region_codes" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ported_numbers" (
	"msisdn" bigint PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"region_code" integer,
	"ported_on" date,
	"mnc" text,
	"route" text,
	"change_seq" bigint DEFAULT nextval('ported_change_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "numbering_ranges" ADD CONSTRAINT "numbering_ranges_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ported_numbers" ADD CONSTRAINT "ported_numbers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "numbering_ranges_from_idx" ON "numbering_ranges" USING btree ("from_msisdn");--> statement-breakpoint
CREATE INDEX "ported_numbers_change_seq_idx" ON "ported_numbers" USING btree ("change_seq");