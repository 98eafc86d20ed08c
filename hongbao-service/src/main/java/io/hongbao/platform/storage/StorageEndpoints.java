package io.hongbao.platform.storage;

/**
 * The Redis and database the service talks to, resolved once at start-up: either the configured external servers or
 * the embedded ones this process started.
 */
public record StorageEndpoints(String redisUrl, String jdbcUrl, String dbUser, String dbPassword) {}
