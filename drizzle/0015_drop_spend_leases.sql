DROP TABLE IF EXISTS `spend_leases`;
