-- The user id the service gave each subject of an OpenID Connect provider whose subjects are not user ids (Keycloak's
-- UUID sub; ADR 0097). Read and written on the first database shard only, directly, never through ShardingSphere: one
-- table allocates the ids, so two shards can never give two subjects the same one. Every database has the table (the
-- migrations are the same everywhere); the others stay empty. A row is written once, at a subject's first call, and
-- never changes: the service keeps what it read in memory.
--
-- The ids start at 2^52, the upper half of the user id range (1 to 2^53 - 1, ADR 0094): ids chosen by hand, by the demo
-- sign-in or by a provider's numeric claim sit far below, so the two never name the same user.
CREATE TABLE provider_subjects (
  subject    VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
  user_id    BIGINT       NOT NULL AUTO_INCREMENT UNIQUE,
  created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 AUTO_INCREMENT = 4503599627370496;
