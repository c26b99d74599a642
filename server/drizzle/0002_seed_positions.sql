-- Positions a person can hold at an institution (SPEC's Affiliation: positionId, positionLabel,
-- and the intern flag `position`). Fixed ids, so clients and demo data can name them.
INSERT INTO "positions" ("id", "name", "is_intern", "sort_order") VALUES
  (1, 'Faculty', false, 1),
  (2, 'Postdoc', false, 2),
  (3, 'Ph.D. student', false, 3),
  (4, 'Master''s student', false, 4),
  (5, 'Undergraduate', false, 5),
  (6, 'Researcher in industry', false, 6),
  (7, 'Intern', true, 7),
  (8, 'Other', false, 8);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('positions', 'id'), (SELECT max("id") FROM "positions"));
--> statement-breakpoint
-- Search keys for institutions that exist already. The application computes keys in
-- TypeScript (institutionKey: Unicode NFKD, marks removed, lower case, runs of anything but
-- letters and digits become one space); this is the same for ASCII and the Latin letters
-- below (accents removed, capitals lower-cased), on any database locale, without unaccent.
UPDATE "institutions" SET
  "name_key" = btrim(regexp_replace(translate(lower("name"), 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǦǧǨǩǪǫǬǭǰǴǵǶǷǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎ', 'abcdefghijklmnopqrstuvwxyzaaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiijjkkllllllłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzsɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽaaiioouuuuuuuuuuaaaaǥggkkoooojggƕƿnnaaaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏ'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g')),
  "alias_keys" = ARRAY(SELECT btrim(regexp_replace(translate(lower("alias"), 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǦǧǨǩǪǫǬǭǰǴǵǶǷǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎ', 'abcdefghijklmnopqrstuvwxyzaaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiijjkkllllllłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzsɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽaaiioouuuuuuuuuuaaaaǥggkkoooojggƕƿnnaaaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏ'), '[^a-z0-9\u0080-\uffff]+', ' ', 'g')) FROM unnest("aliases") AS "alias");
