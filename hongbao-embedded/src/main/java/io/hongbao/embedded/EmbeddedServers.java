package io.hongbao.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real Redis and MariaDB servers this process starts when no external ones are configured (embedded mode, the
 * default): each on a free loopback port, each keeping its data under the data folder ({@code <dataDir>/redis},
 * {@code <dataDir>/mariadb}), so a restart on the same folder finds everything again.
 *
 * <p>The servers stop only in {@link #close()} (Spring calls it after closing the pools): no JVM shutdown hook stops
 * them behind Spring's back while it still drains requests. A JVM that dies without closing ({@code kill -9}, a
 * crash) leaves them running; the next start on the folder stops those orphans before starting new ones
 * ({@link OrphanedServer}). Two live processes never share a folder ({@link DataFolderLock}).
 */
public final class EmbeddedServers implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedServers.class);

    private final DataFolderLock lock;
    private final EmbeddedRedis redis;
    private final EmbeddedMariaDb mariaDb;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedServers(DataFolderLock lock, EmbeddedRedis redis, EmbeddedMariaDb mariaDb) {
        this.lock = lock;
        this.redis = redis;
        this.mariaDb = mariaDb;
    }

    /** Starts the servers {@code wanted} asks for, each keeping its data under the wanted data folder. */
    public static EmbeddedServers start(ServersWanted wanted) {
        if (!wanted.redis() && !wanted.mariaDb()) {
            return new EmbeddedServers(null, null, null);
        }
        long startNanos = System.nanoTime();
        Path dataDir = existingRealPath(wanted.dataDir());
        DataFolderLock lock = DataFolderLock.acquire(dataDir);
        EmbeddedRedis redis = null;
        try {
            redis = wanted.redis() ? EmbeddedRedis.start(dataDir.resolve("redis"), wanted.redisMaxMemoryBytes()) : null;
            EmbeddedMariaDb mariaDb = wanted.mariaDb() ? EmbeddedMariaDb.start(dataDir.resolve("mariadb")) : null;
            log.info(
                    "Embedded servers ready in {} ms (data folder {})",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                    dataDir);
            return new EmbeddedServers(lock, redis, mariaDb);
        } catch (RuntimeException e) {
            if (redis != null) {
                redis.close();
            }
            lock.close();
            throw e;
        }
    }

    private static Path existingRealPath(Path dataDir) {
        try {
            return Files.createDirectories(dataDir.toAbsolutePath()).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create the data folder " + dataDir, e);
        }
    }

    public boolean hasRedis() {
        return redis != null;
    }

    public boolean hasMariaDb() {
        return mariaDb != null;
    }

    /** {@code redis://127.0.0.1:<port>} */
    public String redisUrl() {
        return started(redis, "Redis").url();
    }

    /** A MariaDB JDBC URL to the {@code hongbao} database, which the first connection creates if missing. */
    public String jdbcUrl() {
        return started(mariaDb, "MariaDB").jdbcUrl();
    }

    public String dbUser() {
        started(mariaDb, "MariaDB");
        return EmbeddedMariaDb.USER;
    }

    public String dbPassword() {
        started(mariaDb, "MariaDB");
        return EmbeddedMariaDb.PASSWORD;
    }

    private static <T> T started(T server, String name) {
        if (server == null) {
            throw new IllegalStateException("No embedded " + name + " was started: an external one is configured");
        }
        return server;
    }

    /** Stops MariaDB, then Redis, then frees the data folder. Idempotent; never throws. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(mariaDb);
        closeQuietly(redis);
        closeQuietly(lock);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            log.warn("Could not close {}", closeable, e);
        }
    }
}
