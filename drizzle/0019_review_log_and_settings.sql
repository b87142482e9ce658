CREATE TABLE `review_log` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`card_id` text NOT NULL,
	`target_lang` text NOT NULL,
	`grade` integer NOT NULL,
	`state_before` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `review_cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_log_user_time` ON `review_log` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE TABLE `review_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`new_per_day` integer NOT NULL,
	`time_zone` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `review_words` ADD `left_out_at` integer;