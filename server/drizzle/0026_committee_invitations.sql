CREATE TABLE "committee_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" integer,
	"times_sent" integer DEFAULT 1 NOT NULL,
	"first_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_invitations" ADD CONSTRAINT "committee_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_invitations_email_unique" ON "committee_invitations" USING btree ("conference_id","email");