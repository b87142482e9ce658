CREATE TABLE `inbound_events` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`account_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`answer` text,
	`plan_id` text,
	`answered_at` integer,
	`generate` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_events_client_key` ON `inbound_events` (`client_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `inbound_events_created_at` ON `inbound_events` (`created_at`);