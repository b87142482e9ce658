CREATE TABLE `conversation_turns` (
	`conversation_id` text NOT NULL,
	`n` integer NOT NULL,
	`message` text NOT NULL,
	`reply` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `n`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text,
	`client_id` text,
	`source_lang` text NOT NULL,
	`target_lang` text NOT NULL,
	`level` integer NOT NULL,
	`scene` text,
	`npc` text,
	`plan_id` text,
	`state` text,
	`turns` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_account` ON `conversations` (`account_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `lesson_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text,
	`client_id` text,
	`status` text NOT NULL,
	`input` text NOT NULL,
	`library_key` text NOT NULL,
	`from_library` integer DEFAULT false NOT NULL,
	`sets_ready` integer DEFAULT 0 NOT NULL,
	`receipt` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_plans_account` ON `lesson_plans` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plan_library` (
	`key` text PRIMARY KEY NOT NULL,
	`engine` text NOT NULL,
	`input` text NOT NULL,
	`sets` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE TABLE `plan_sets` (
	`plan_id` text NOT NULL,
	`idx` integer NOT NULL,
	`set` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`plan_id`, `idx`),
	FOREIGN KEY (`plan_id`) REFERENCES `lesson_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
