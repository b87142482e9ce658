CREATE TABLE `usage_monthly` (
	`account_id` text NOT NULL,
	`budget` text NOT NULL,
	`month` text NOT NULL,
	`client_id` text NOT NULL,
	`operation` text NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `budget`, `month`, `client_id`, `operation`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `usage_monthly` (`account_id`, `budget`, `month`, `client_id`, `operation`, `calls`, `credits`)
SELECT `account_id`, `budget`, substr(`day`, 1, 7), `client_id`, `operation`, sum(`calls`), sum(`credits`) FROM `usage_daily`
GROUP BY `account_id`, `budget`, substr(`day`, 1, 7), `client_id`, `operation`;
