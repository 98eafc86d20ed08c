package io.hongbao.platform.storage;

import io.hongbao.platform.settings.Setting;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

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

    public record Redis(String url) {
        public boolean embedded() {
            return url == null || url.isBlank();
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
