CREATE TABLE `access_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `access_epoch` (`id`, `n`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `access_epoch_token_updated` AFTER UPDATE ON `access_tokens` BEGIN UPDATE `access_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_epoch_token_deleted` AFTER DELETE ON `access_tokens` BEGIN UPDATE `access_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_epoch_client_updated` AFTER UPDATE OF `account_id`, `scopes`, `billing_mode` ON `clients` BEGIN UPDATE `access_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_epoch_client_deleted` AFTER DELETE ON `clients` BEGIN UPDATE `access_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
