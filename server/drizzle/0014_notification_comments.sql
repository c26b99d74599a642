-- A notification's text is either a rejection's reason (reject_reason) or a comment left with
-- the event (comment), so each is labelled for what it is. Earlier rows kept both in
-- reject_reason: everything but the rejections of relations and of DBLP claims moves over.
ALTER TABLE "notifications" ADD COLUMN "comment" text;--> statement-breakpoint
UPDATE "notifications" SET "comment" = "reject_reason", "reject_reason" = NULL
  WHERE "reject_reason" IS NOT NULL
    AND "message" NOT LIKE '% rejected the relation.'
    AND "message" NOT LIKE 'Your claim of the DBLP profile % was rejected.';
