CREATE TABLE "portation_signatures" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"package_id" text,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"document_sealed" "bytea" NOT NULL,
	"document_hash" text NOT NULL,
	"facts_hash" text NOT NULL,
	"signature" "bytea",
	"signed_at" timestamp with time zone,
	"certificate_subject" text,
	"certificate_serial" text,
	"certificate_issuer" text,
	"certificate_valid_from" timestamp with time zone,
	"certificate_valid_to" timestamp with time zone,
	"reason" text,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portation_signatures" ADD CONSTRAINT "portation_signatures_order_id_portation_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."portation_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portation_signatures_pending_idx" ON "portation_signatures" USING btree ("expires_at") WHERE status = 'pending';