-- The DEFAULT conference (SPEC section 9: value DEFAULT, labelled Default) with exactly the
-- rules of defaultConflictRules in common/src/conflict-rules.ts, in that order (a test
-- compares them). No reference date: DEFAULT's lists are computed at today's date.
WITH "default_conference" AS (
  INSERT INTO "conferences" ("name", "label", "reference_date") VALUES ('DEFAULT', 'Default', NULL)
  RETURNING "id"
)
INSERT INTO "conference_rules" ("conference_id", "value", "title", "relation_type_id", "checked_date", "is_readonly", "operation", "number_of_years", "number_of_months", "sort_order")
SELECT "default_conference"."id", "rule"."value", "rule"."title", "rule"."relation_type_id", "rule"."checked_date", "rule"."is_readonly", "rule"."operation", "rule"."number_of_years", "rule"."number_of_months", "rule"."sort_order"
FROM "default_conference", (VALUES
  ('coauthor-4y', 'Co-authored publication within 4 years', 3, 'end', false, 'WITHIN_X_YEARS', 4::smallint, NULL::smallint, 0::smallint),
  ('advisor-always', 'Ph.D. advisor or advisee (always)', 1, 'end', true, 'ALWAYS', NULL, NULL, 1),
  ('collaboration-4y', 'Collaboration within 4 years', 2, 'end', false, 'WITHIN_X_YEARS', 4, NULL, 2),
  ('employment-4y', 'Employment within 4 years', 4, 'end', false, 'WITHIN_X_YEARS', 4, NULL, 3),
  ('award-4y', 'Joint award within 4 years', 6, 'end', false, 'WITHIN_X_YEARS', 4, NULL, 4),
  ('grant-4y', 'Joint grant or fellowship within 4 years', 7, 'end', false, 'WITHIN_X_YEARS', 4, NULL, 5),
  ('personal-always', 'Personal relationship (always)', 5, 'end', true, 'ALWAYS', NULL, NULL, 6),
  ('pending-application-6m', 'Pending employment or application within 6 months of the application date', 8, 'end', false, 'WITHIN_X_MONTHS', NULL, 6, 7),
  ('institutional-2y', 'Institutional within 2 years', 0, 'end', false, 'WITHIN_X_YEARS', 2, NULL, 8)
) AS "rule" ("value", "title", "relation_type_id", "checked_date", "is_readonly", "operation", "number_of_years", "number_of_months", "sort_order");
