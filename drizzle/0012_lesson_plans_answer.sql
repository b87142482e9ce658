ALTER TABLE `lesson_plans` ADD `answer` blob;--> statement-breakpoint
ALTER TABLE `lesson_plans` ADD `answer_shape` text;