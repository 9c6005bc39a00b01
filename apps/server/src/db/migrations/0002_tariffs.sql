CREATE TABLE "tariff_regions" (
	"region_code" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"price" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"sms" integer NOT NULL,
	"traffic_gb" integer NOT NULL,
	"search_name" text NOT NULL,
	"name" text NOT NULL,
	"is_archived" boolean NOT NULL,
	CONSTRAINT "tariff_regions_region_code_tariff_id_pk" PRIMARY KEY("region_code","tariff_id")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"sms" integer NOT NULL,
	"traffic_gb" integer NOT NULL,
	"minute_price" numeric(10, 4),
	"sms_price" numeric(10, 4),
	"mb_price" numeric(10, 4),
	"url" text,
	"media_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"convergence_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tariff_regions" ADD CONSTRAINT "tariff_regions_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_regions" ADD CONSTRAINT "tariff_regions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_regions_region_kind_price_idx" ON "tariff_regions" USING btree ("region_code","kind","price","tariff_id");--> statement-breakpoint
CREATE INDEX "tariff_regions_region_price_idx" ON "tariff_regions" USING btree ("region_code","price","tariff_id");--> statement-breakpoint
CREATE INDEX "tariff_regions_region_operator_price_idx" ON "tariff_regions" USING btree ("region_code","operator_id","price");--> statement-breakpoint
CREATE INDEX "tariff_regions_tariff_idx" ON "tariff_regions" USING btree ("tariff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_operator_slug_uq" ON "tariffs" USING btree ("operator_id","slug");