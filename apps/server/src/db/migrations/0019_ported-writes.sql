CREATE TABLE "ported_writes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ported_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"msisdn" bigint NOT NULL,
	"operator_id" integer,
	"region_code" integer,
	"ported_on" date,
	"mnc" text,
	"route" text,
	"seen_seq" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
