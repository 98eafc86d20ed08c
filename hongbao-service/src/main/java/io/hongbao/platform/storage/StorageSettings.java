package io.hongbao.platform.storage;

import io.hongbao.platform.settings.Setting;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Where the service keeps its state. A blank {@code redisUrl} or {@code dbUrl} means "start an embedded server for
 * it"; a set one means "use that existing server instead" (external mode). The defaults are in
 * {@code application.yml}.
 */
@ConfigurationProperties("hongbao")
public record StorageSettings(Path dataDir, Redis redis, Db db) {

    public StorageSettings {
        Setting.present(dataDir, "hongbao.data-dir");
        Setting.present(redis, "hongbao.redis");
        Setting.present(db, "hongbao.db");
    }

    /**
     * @param url blank: start an embedded Redis
     * @param maxMemory the embedded Redis' maxmemory (an external Redis keeps its own)
     * @param admission when new work is refused for lack of Redis memory (ADR 0067)
     */
    public record Redis(String url, DataSize maxMemory, Admission admission) {
        public Redis {
            if (Setting.present(maxMemory, "hongbao.redis.max-memory").toBytes() <= 0) {
                throw new IllegalArgumentException("hongbao.redis.max-memory must be positive, not " + maxMemory);
            }
            Setting.present(admission, "hongbao.redis.admission");
        }

        public boolean embedded() {
            return url == null || url.isBlank();
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

    public record Db(String url, String user, String password, int poolSize, int blockingThreads) {
        public Db {
            Setting.present(user, "hongbao.db.user");
            Setting.present(password, "hongbao.db.password");
            Setting.positive(poolSize, "hongbao.db.pool-size");
            Setting.positive(blockingThreads, "hongbao.db.blocking-threads");
        }

        public boolean embedded() {
            return url == null || url.isBlank();
        }
    }
}
