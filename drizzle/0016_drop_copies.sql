-- One truth (DESIGN §4): the store's rows are read as they are. The per-client feed copies, the
-- access epoch (and the triggers that bumped it) and the events' envelope templates were copies of
-- state kept for speed; nothing reads them any more.
DROP TRIGGER IF EXISTS `access_epoch_token_updated`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `access_epoch_token_deleted`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `access_epoch_client_updated`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `access_epoch_client_deleted`;--> statement-breakpoint
DROP TABLE `access_epoch`;--> statement-breakpoint
DROP TABLE `client_feed_chunks`;--> statement-breakpoint
DROP TABLE `client_feeds`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `envelope_template`;
