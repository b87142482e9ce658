CREATE TABLE `events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`about_user_id` text,
	`client_id` text,
	`data` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id_unique` ON `events` (`id`);--> statement-breakpoint
CREATE INDEX `events_account_seq` ON `events` (`account_id`,`seq`);--> statement-breakpoint
CREATE INDEX `events_created_at` ON `events` (`created_at`);