-- The eight relation types with SPEC's flags and DESIGN.md's names: the same values as
-- relationTypes in common/src/relation-types.ts (a test compares them). Fixed ids, because
-- clients, rules and the conflict engine name types by id.
INSERT INTO "relation_types" ("id", "name", "description", "kind", "show_start_date", "show_end_date", "is_start_date_mandatory", "is_end_date_mandatory", "start_date_label", "end_date_label", "start_date_format", "end_date_format", "max_days_ahead", "is_comment_required", "sort_order") VALUES
  (1, 'Ph.D. advisor/advisee', 'One of you advised the other’s Ph.D. (or was co-advisor).', 'person', true, true, true, false, 'Start date', 'End date', 1, 1, 7300, false, 2),
  (2, 'Collaboration (joint project or grant)', 'You worked together on a project or a grant, without a joint publication.', 'person', true, true, true, false, 'Start date', 'End date', 2, 2, 7300, false, 3),
  (3, 'Co-authored publication', 'You are co-authors of a paper, published or accepted.', 'publication', false, true, false, true, '', 'Year of publication', 1, 1, 365, false, 1),
  (4, 'Employment (supervisor or colleague at the same employer)', 'One of you supervised the other, or you were colleagues at the same employer.', 'person', true, true, true, false, 'Start date', 'End date', 2, 2, 7300, false, 4),
  (5, 'Personal relationship', 'Family, partner or close friend. Please say what the relationship is in the comment.', 'person', true, true, false, false, 'Since', 'Until', 1, 1, 7300, true, 7),
  (6, 'Joint award', 'You received an award together.', 'publication', false, true, false, true, '', 'Year of the award', 1, 1, 7300, false, 5),
  (7, 'Joint grant or fellowship', 'You hold or held a grant or a fellowship together.', 'publication', true, true, true, false, 'Start year', 'End year', 1, 1, 7300, false, 6),
  (8, 'Pending employment or graduate-school application', 'You applied for a position or to a graduate school, and the discussions are ongoing or ended recently.', 'institution', true, true, true, false, 'Application date', 'End of discussions', 2, 2, 7300, false, 8);
