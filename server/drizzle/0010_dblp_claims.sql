CREATE TABLE "dblp_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pid" text NOT NULL,
	"state" text DEFAULT 'provisional' NOT NULL,
	"proof" text,
	"reason" text,
	"disputed_by_user_id" integer,
	"dispute_reason" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dblp_claims" ADD CONSTRAINT "dblp_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dblp_claims" ADD CONSTRAINT "dblp_claims_disputed_by_user_id_users_id_fk" FOREIGN KEY ("disputed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dblp_claims" ADD CONSTRAINT "dblp_claims_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dblp_claims_pid_index" ON "dblp_claims" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "dblp_claims_open_user_unique" ON "dblp_claims" USING btree ("user_id") WHERE "dblp_claims"."state" in ('provisional', 'disputed');