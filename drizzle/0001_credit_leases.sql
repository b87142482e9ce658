CREATE TABLE `spend_leases` (
	`holder` text NOT NULL,
	`month` text NOT NULL,
	`lessee` text NOT NULL,
	`credits` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`holder`, `month`, `lessee`)
);
