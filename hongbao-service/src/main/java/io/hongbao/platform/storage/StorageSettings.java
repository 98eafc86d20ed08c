package io.hongbao.platform.storage;

import io.hongbao.platform.settings.Setting;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.util.unit.DataSize;

/**
 * Where the service keeps its state. A blank {@code redisUrl} or {@code dbUrl} means "the embedded server for it"
 * (embedded mode: started by the {@code hongbao-embedded} module when it is on the class path, ADR 0086); a set one
 * means "use that existing server instead" (external mode). The defaults are in {@code application.yml}.
 */
@ConfigurationProperties("hongbao")
public record StorageSettings(Path dataDir, Redis redis, Db db) {

    /**
     * Embedded mode: neither Redis nor a database configured, so the service starts its own (someone trying it on
     * their machine). It then listens on loopback only by default and offers the demo sign-in (docs/api.md, change 21).
     */
    public boolean embeddedMode() {
        return redis.embedded() && db.embedded();
    }

    public StorageSettings {
        Setting.present(dataDir, "hongbao.data-dir");
        Setting.present(redis, "hongbao.redis");
        Setting.present(db, "hongbao.db");
    }

    /**
     * @param url blank (and no cluster): start an embedded Redis
     * @param cluster blank: standalone; else the seed nodes of a Redis Cluster, {@code host:port,host:port,...}
     *     (external mode: no embedded Redis is started; ADR 0070)
     * @param maxMemory the embedded Redis' maxmemory (an external Redis keeps its own)
     * @param admission when new work is refused for lack of Redis memory (ADR 0067)
     * @param topology how a cluster's topology is followed
     * @param retry how long a call Redis did not execute (failover, resharding) is retried before 503
     */
    public record Redis(
            String url, String cluster, DataSize maxMemory, Admission admission, Topology topology, Retry retry) {
        public Redis {
            if (Setting.present(maxMemory, "hongbao.redis.max-memory").toBytes() <= 0) {
                throw new IllegalArgumentException("hongbao.redis.max-memory must be positive, not " + maxMemory);
            }
            Setting.present(admission, "hongbao.redis.admission");
            Setting.present(topology, "hongbao.redis.topology");
            Setting.present(retry, "hongbao.redis.retry");
            if (!(url == null || url.isBlank()) && !(cluster == null || cluster.isBlank())) {
                throw new IllegalArgumentException("set hongbao.redis.url (standalone) or hongbao.redis.cluster"
                        + " (Redis Cluster seeds), not both");
            }
            seeds(cluster); // fails at start on a malformed seed
        }

        public boolean embedded() {
            return (url == null || url.isBlank()) && !isCluster();
        }

        public boolean isCluster() {
            return cluster != null && !cluster.isBlank();
        }

        /** The cluster's seed nodes as {@code host:port} strings; empty in standalone mode. */
        public List<String> clusterSeeds() {
            return seeds(cluster);
        }

        private static List<String> seeds(String cluster) {
            if (cluster == null || cluster.isBlank()) {
                return List.of();
            }
            List<String> seeds = new ArrayList<>();
            for (String seed : cluster.split(",")) {
                String trimmed = seed.trim();
                int colon = trimmed.lastIndexOf(':');
                if (colon <= 0
                        || colon == trimmed.length() - 1
                        || !trimmed.substring(colon + 1).chars().allMatch(Character::isDigit)) {
                    throw new IllegalArgumentException(
                            "hongbao.redis.cluster must be host:port,host:port,..., not " + cluster);
                }
                seeds.add(trimmed);
            }
            return List.copyOf(seeds);
        }
    }

    /**
     * @param refreshEvery periodic topology refresh (adaptive refresh on MOVED, ASK, reconnects and unknown nodes comes
     *     on top)
     * @param maxRedirects how many MOVED/ASK one command follows
     */
    public record Topology(Duration refreshEvery, Duration adaptiveAtMostEvery, int maxRedirects) {
        public Topology {
            Setting.positive(refreshEvery, "hongbao.redis.topology.refresh-every");
            Setting.positive(adaptiveAtMostEvery, "hongbao.redis.topology.adaptive-at-most-every");
            Setting.positive(maxRedirects, "hongbao.redis.topology.max-redirects");
        }
    }

    /**
     * @param within a grab or draw Redis did not execute (TRYAGAIN, CLUSTERDOWN, redirects exhausted, not connected) is
     *     retried for about this long in total, then answered 503
     * @param firstBackoff the first pause; each next one doubles
     */
    public record Retry(Duration within, Duration firstBackoff) {
        public Retry {
            Setting.positive(within, "hongbao.redis.retry.within");
            Setting.positive(firstBackoff, "hongbao.redis.retry.first-backoff");
        }
    }

    /**
     * @param refuseNewWorkAtPercent new grabs, sends and draws are refused once Redis' used memory reaches this share of
     *     its maxmemory; the rest is headroom for refunds, paid draws and the persister
     * @param sampleEvery how often Redis' memory is sampled (requests read the last sample)
     */
    public record Admission(int refuseNewWorkAtPercent, Duration sampleEvery) {
        public Admission {
            if (refuseNewWorkAtPercent < 1 || refuseNewWorkAtPercent > 99) {
                throw new IllegalArgumentException(
                        "hongbao.redis.admission.refuse-new-work-at-percent must be 1 to 99, not "
                                + refuseNewWorkAtPercent);
            }
            Setting.positive(sampleEvery, "hongbao.redis.admission.sample-every");
        }
    }

    /**
     * @param url blank (and no shards): start an embedded MariaDB; else the one database
     * @param shards blank: one database ({@code url}, or the embedded one); else the JDBC URLs of the database shards,
     *     comma-separated, in their fixed order (ADR 0083); {@code url} must then stay blank
     */
    public record Db(String url, String user, String password, int poolSize, int blockingThreads, String shards) {
        @ConstructorBinding
        public Db {
            Setting.present(user, "hongbao.db.user");
            Setting.present(password, "hongbao.db.password");
            Setting.positive(poolSize, "hongbao.db.pool-size");
            Setting.positive(blockingThreads, "hongbao.db.blocking-threads");
            if (!(url == null || url.isBlank()) && !(shards == null || shards.isBlank())) {
                throw new IllegalArgumentException("set hongbao.db.url (one database) or hongbao.db.shards (the"
                        + " database shards' URLs, HONGBAO_DB_SHARDS), not both");
            }
            shardUrls(shards); // fails at start on an empty entry
        }

        /** One database: {@code url}, or the embedded one when that is blank. */
        public Db(String url, String user, String password, int poolSize, int blockingThreads) {
            this(url, user, password, poolSize, blockingThreads, null);
        }

        public boolean embedded() {
            return (url == null || url.isBlank()) && !isSharded();
        }

        public boolean isSharded() {
            return shards != null && !shards.isBlank();
        }

        /** The database shards' JDBC URLs in order; empty when there is one database. */
        public List<String> shardUrls() {
            return shardUrls(shards);
        }

        private static List<String> shardUrls(String shards) {
            if (shards == null || shards.isBlank()) {
                return List.of();
            }
            List<String> urls = new ArrayList<>();
            for (String url : shards.split(",")) {
                if (url.isBlank()) {
                    throw new IllegalArgumentException(
                            "hongbao.db.shards must be JDBC URLs separated by commas, not " + shards);
                }
                urls.add(url.trim());
            }
            return List.copyOf(urls);
        }
    }
}
