CREATE TABLE `lesson_progress` (
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`attempts` text NOT NULL,
	`exit_score` integer,
	`exit_total` integer,
	`passed` integer,
	`conversation_id` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	PRIMARY KEY(`user_id`, `plan_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_progress_user_updated` ON `lesson_progress` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `review_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`word_id` text NOT NULL,
	`user_id` text NOT NULL,
	`direction` text NOT NULL,
	`due_at` integer NOT NULL,
	`memory` text NOT NULL,
	`last_reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`word_id`) REFERENCES `review_words`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_cards_word_direction` ON `review_cards` (`word_id`,`direction`);--> statement-breakpoint
CREATE INDEX `review_cards_user_due` ON `review_cards` (`user_id`,`due_at`);--> statement-breakpoint
CREATE TABLE `review_words` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source_lang` text NOT NULL,
	`target_lang` text NOT NULL,
	`term` text NOT NULL,
	`meaning` text NOT NULL,
	`example_text` text NOT NULL,
	`example_translation` text NOT NULL,
	`origin` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_words_user_term` ON `review_words` (`user_id`,`source_lang`,`target_lang`,`term`);