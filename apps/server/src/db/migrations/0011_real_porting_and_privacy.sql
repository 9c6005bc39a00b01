CREATE TABLE "bdpn_standin_debt_payments" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_offices" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"region_code" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"hours" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "sim_kind" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "sim_office_id" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "sim_address_sealed" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "contract_version" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "contract_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "consent_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portation_orders" ADD COLUMN "personal_data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "sim_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "temporary_msisdn" text;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "esim_activation_code" text;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "debt_amount" integer;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "debt_pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portations" ADD COLUMN "debt_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipient_offices" ADD CONSTRAINT "recipient_offices_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_offices" ADD CONSTRAINT "recipient_offices_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_offices_operator_region_idx" ON "recipient_offices" USING btree ("operator_id","region_code");