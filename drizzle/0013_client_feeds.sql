CREATE TABLE `client_feed_chunks` (
	`client_id` text NOT NULL,
	`first_n` integer NOT NULL,
	`first_seq` integer NOT NULL,
	`last_seq` integer NOT NULL,
	`count` integer NOT NULL,
	`type_mask` integer NOT NULL,
	`last_created_at` integer NOT NULL,
	`positions` text NOT NULL,
	`body` blob NOT NULL,
	PRIMARY KEY(`client_id`, `first_n`),
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_feed_chunks_last_seq` ON `client_feed_chunks` (`client_id`,`last_seq`);--> statement-breakpoint
CREATE TABLE `client_feeds` (
	`client_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`from_seq` integer NOT NULL,
	`api_version` text NOT NULL,
	`last_seq` integer NOT NULL,
	`next_n` integer NOT NULL,
	`open_first_n` integer NOT NULL,
	`open_bytes` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_feeds_account` ON `client_feeds` (`account_id`);