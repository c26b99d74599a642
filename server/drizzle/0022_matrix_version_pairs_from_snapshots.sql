-- The matrix versions stored so far kept every line of every version as a JSON snapshot
-- (matrix_versions.pairs). Each line now becomes one matrix_version_pairs row per run of
-- consecutive versions that hold it unchanged: a conference's versions are numbered 1, 2, 3 …
-- without gaps, so within one line's versions `number - row_number()` is constant along a run.
-- A run that reaches the conference's newest version (which may hold no line at all) stays open
-- (until_version null). The next migration drops the snapshots.
UPDATE "matrix_versions" SET "pair_count" = jsonb_array_length("pairs") WHERE "pairs" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "matrix_version_pairs"
  ("conference_id", "paper", "member_email", "action", "conflict", "is_provisional", "is_pinned",
   "from_version", "until_version")
SELECT "conference_id", "paper", "member_email", "action", "conflict", "is_provisional", "is_pinned",
       min("number"),
       CASE WHEN max("number") = max("newest") THEN NULL ELSE max("number") + 1 END
  FROM (
    SELECT v."conference_id", v."number",
           (line ->> 'paper')::integer AS "paper",
           line ->> 'member_email' AS "member_email",
           line ->> 'action' AS "action",
           line ->> 'conflict' AS "conflict",
           (line ->> 'is_provisional')::boolean AS "is_provisional",
           (line ->> 'is_pinned')::boolean AS "is_pinned",
           v."number" - row_number() OVER (
             PARTITION BY v."conference_id", line ->> 'paper', line ->> 'member_email',
                          line ->> 'action', line ->> 'conflict', line ->> 'is_provisional',
                          line ->> 'is_pinned'
             ORDER BY v."number") AS "run",
           newest."number" AS "newest"
      FROM "matrix_versions" v
      JOIN (SELECT "conference_id", max("number") AS "number" FROM "matrix_versions"
             GROUP BY "conference_id") newest ON newest."conference_id" = v."conference_id",
           jsonb_array_elements(v."pairs") line
     WHERE v."pairs" IS NOT NULL
  ) "held"
 GROUP BY "conference_id", "paper", "member_email", "action", "conflict", "is_provisional",
          "is_pinned", "run";
