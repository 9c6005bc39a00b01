CREATE TABLE "coverage_sources" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"projection" text NOT NULL,
	"url" text,
	"geojson" jsonb
);
--> statement-breakpoint
ALTER TABLE "coverage_sources" ADD CONSTRAINT "coverage_sources_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;