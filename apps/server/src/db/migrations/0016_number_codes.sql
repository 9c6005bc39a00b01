CREATE TABLE "number_codes" (
	"user_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts_left" smallint NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "number_codes_user_id_msisdn_pk" PRIMARY KEY("user_id","msisdn")
);
--> statement-breakpoint
ALTER TABLE "number_codes" ADD CONSTRAINT "number_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;