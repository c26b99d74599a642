CREATE TABLE "institution_links" (
	"institution_id" integer NOT NULL,
	"related_institution_id" integer NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "institution_links_institution_id_type_related_institution_id_pk" PRIMARY KEY("institution_id","type","related_institution_id")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ror_id" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ror_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_links" ADD CONSTRAINT "institution_links_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_links" ADD CONSTRAINT "institution_links_related_institution_id_institutions_id_fk" FOREIGN KEY ("related_institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institution_links_related_institution_id_index" ON "institution_links" USING btree ("related_institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_ror_id_unique" ON "institutions" USING btree ("ror_id");