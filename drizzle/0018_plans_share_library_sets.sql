-- A plan served from the library refers to the library entry's plan for its sets (schema.ts
-- lesson_plans.sets_of) instead of copying them and its whole answer. Plans served before keep
-- working and lose their copies: a complete library-served plan whose sets are, set by set, the
-- ones its entry's plan holds is pointed at that plan, its copied sets and stored answer dropped
-- (it is answered from its row and the entry's sets, the same text). Any other plan keeps its own.
ALTER TABLE `lesson_plans` ADD `sets_of` text;--> statement-breakpoint
UPDATE `lesson_plans` SET `sets_of` = (SELECT l.`plan_id` FROM `plan_library` l WHERE l.`key` = `lesson_plans`.`library_key` AND l.`sets` = '[]')
WHERE `from_library` = 1 AND `status` = 'complete' AND EXISTS (
  SELECT 1 FROM `plan_library` l
  WHERE l.`key` = `lesson_plans`.`library_key` AND l.`sets` = '[]' AND l.`plan_id` IS NOT NULL AND l.`plan_id` <> `lesson_plans`.`id`
    AND (SELECT count(*) FROM `plan_sets` theirs WHERE theirs.`plan_id` = l.`plan_id`) = `lesson_plans`.`sets_ready`
    AND (SELECT count(*) FROM `plan_sets` mine WHERE mine.`plan_id` = `lesson_plans`.`id`) = `lesson_plans`.`sets_ready`
    AND NOT EXISTS (
      SELECT 1 FROM `plan_sets` mine WHERE mine.`plan_id` = `lesson_plans`.`id` AND NOT EXISTS (
        SELECT 1 FROM `plan_sets` theirs WHERE theirs.`plan_id` = l.`plan_id` AND theirs.`idx` = mine.`idx` AND theirs.`set` = mine.`set`)));--> statement-breakpoint
DELETE FROM `plan_sets` WHERE `plan_id` IN (SELECT `id` FROM `lesson_plans` WHERE `sets_of` IS NOT NULL);--> statement-breakpoint
UPDATE `lesson_plans` SET `answer` = NULL, `answer_shape` = NULL WHERE `sets_of` IS NOT NULL;
