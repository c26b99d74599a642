CREATE TABLE "publication_authors" (
	"publication_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	CONSTRAINT "publication_authors_publication_id_position_pk" PRIMARY KEY("publication_id","position")
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"dblp_key" text,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"year" smallint,
	"venue" text,
	"kind" text DEFAULT 'manual' NOT NULL,
	"is_retired" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relation_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"relation_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"is_to_admin" boolean DEFAULT false NOT NULL,
	"is_change_comment" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relation_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"relation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 3 NOT NULL,
	"reason" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relation_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"show_start_date" boolean NOT NULL,
	"show_end_date" boolean NOT NULL,
	"is_start_date_mandatory" boolean NOT NULL,
	"is_end_date_mandatory" boolean NOT NULL,
	"start_date_label" text DEFAULT '' NOT NULL,
	"end_date_label" text DEFAULT '' NOT NULL,
	"start_date_format" smallint NOT NULL,
	"end_date_format" smallint NOT NULL,
	"max_days_ahead" integer NOT NULL,
	"is_comment_required" boolean DEFAULT false NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_year" smallint,
	"start_month" smallint,
	"end_year" smallint,
	"end_month" smallint,
	"title" text,
	"title_key" text,
	"publication_id" integer,
	"institution_id" integer,
	"paper_type" smallint DEFAULT 1 NOT NULL,
	"is_community_paper" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_dblp_imported" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publication_authors" ADD CONSTRAINT "publication_authors_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_authors" ADD CONSTRAINT "publication_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD CONSTRAINT "relation_comments_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD CONSTRAINT "relation_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_parties" ADD CONSTRAINT "relation_parties_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_parties" ADD CONSTRAINT "relation_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_type_id_relation_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."relation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_authors_user_id_index" ON "publication_authors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_dblp_key_unique" ON "publications" USING btree ("dblp_key");--> statement-breakpoint
CREATE INDEX "publications_title_key_index" ON "publications" USING btree ("title_key","year");--> statement-breakpoint
CREATE INDEX "relation_comments_relation_id_index" ON "relation_comments" USING btree ("relation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relation_parties_relation_user_unique" ON "relation_parties" USING btree ("relation_id","user_id");--> statement-breakpoint
CREATE INDEX "relation_parties_user_id_index" ON "relation_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "relations_creator_user_id_index" ON "relations" USING btree ("creator_user_id");--> statement-breakpoint
CREATE INDEX "relations_type_title_key_index" ON "relations" USING btree ("type_id","title_key");--> statement-breakpoint
CREATE INDEX "relations_publication_id_index" ON "relations" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "relations_institution_id_index" ON "relations" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "users_search_first_last_index" ON "users" USING btree ((person_search_key("first_name" || ' ' || "last_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_search_last_first_index" ON "users" USING btree ((person_search_key("last_name" || ' ' || "first_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_search_other_name_1_index" ON "users" USING btree ((person_search_key("other_name_1") collate "C")) WHERE "users"."other_name_1" <> '';--> statement-breakpoint
CREATE INDEX "users_search_other_name_2_index" ON "users" USING btree ((person_search_key("other_name_2") collate "C")) WHERE "users"."other_name_2" <> '';--> statement-breakpoint
CREATE INDEX "users_search_dblp_name_index" ON "users" USING btree ((person_search_key("dblp_name") collate "C")) WHERE "users"."dblp_name" is not null;--> statement-breakpoint
CREATE INDEX "users_secondary_email_index" ON "users" USING btree (lower("secondary_email")) WHERE "users"."secondary_email" is not null;