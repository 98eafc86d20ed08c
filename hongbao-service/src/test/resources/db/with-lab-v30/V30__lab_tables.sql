-- Stands for the strategy lab's tables as the service's own migrations created them, before the lab took them over
-- (its own Flyway, lab_schema_history). Only the history row matters to MigrationHistoryIT.
CREATE TABLE lab_runs (
  id         BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  strategy   VARCHAR(64) NOT NULL,
  created_at DATETIME(3) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
