package io.hongbao.embedded;

import java.nio.file.Path;

/**
 * The whole configuration of the embedded Redis, written at every start: nothing depends on a redis.conf found
 * elsewhere on the machine. Fixed file names, so a restart on the same folder finds the data again.
 */
final class EmbeddedRedisConfig {

    static final String APPEND_ONLY_FILE = "hongbao.aof";
    static final String SNAPSHOT_FILE = "hongbao.rdb";

    private EmbeddedRedisConfig() {}

    /** @param maxMemory bytes Redis may hold before it refuses writes (it never evicts) */
    static String text(Path folder, int port, long maxMemory) {
        return String.join(
                "\n",
                "# Written by the Hongbao service at every start of its embedded Redis; edits are overwritten.",
                "bind 127.0.0.1",
                "port " + port,
                "protected-mode yes",
                "daemonize no",
                // to standard output, which EmbeddedRedis sends to redis.log
                "logfile \"\"",
                "dir " + quoted(folder.toString()),
                // every acknowledged write is on disk: appended to the file and fsynced before the reply
                "appendonly yes",
                "appendfsync always",
                "appendfilename " + APPEND_ONLY_FILE,
                // no snapshots: the append-only file is the one copy of the data, so a shutdown need not write one
                "save \"\"",
                "dbfilename " + SNAPSHOT_FILE,
                // a full Redis refuses writes rather than silently dropping red packets; the service refuses new
                // grabs, sends and draws before that, keeping the rest for refunds and paid draws (ADR 0067)
                "maxmemory " + maxMemory,
                "maxmemory-policy noeviction",
                "");
    }

    /** Redis configuration quoting: double quotes, with backslash escapes. */
    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
