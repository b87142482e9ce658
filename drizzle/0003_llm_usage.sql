CREATE TABLE `llm_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`operation` text NOT NULL,
	`model` text NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`completion_tokens` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `llm_usage_at` ON `llm_usage` (`at`);