-- Stands for a service migration numbered above V30, added after the lab's tables left the service: from then on a
-- V30 row in the history is "missing" (below the newest script) rather than "future". See MigrationHistoryIT.
CREATE TABLE later_service_migration (id BIGINT NOT NULL PRIMARY KEY) ENGINE = InnoDB;
