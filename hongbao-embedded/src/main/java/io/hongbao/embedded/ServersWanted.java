package io.hongbao.embedded;

import java.nio.file.Path;

/**
 * Which embedded servers to start, and where they keep their data.
 *
 * @param dataDir the data folder: Redis under {@code <dataDir>/redis}, MariaDB under {@code <dataDir>/mariadb}
 * @param redis whether to start a Redis
 * @param mariaDb whether to start a MariaDB
 * @param redisMaxMemoryBytes the Redis' maxmemory (its policy is noeviction: a full Redis refuses writes)
 */
public record ServersWanted(Path dataDir, boolean redis, boolean mariaDb, long redisMaxMemoryBytes) {

    public ServersWanted {
        if (dataDir == null) {
            throw new IllegalArgumentException("a data folder for the embedded servers");
        }
        if (redis && redisMaxMemoryBytes <= 0) {
            throw new IllegalArgumentException(
                    "the embedded Redis' maxmemory must be positive, not " + redisMaxMemoryBytes);
        }
    }

    /** Both servers, in {@code dataDir}. */
    public static ServersWanted both(Path dataDir, long redisMaxMemoryBytes) {
        return new ServersWanted(dataDir, true, true, redisMaxMemoryBytes);
    }
}
