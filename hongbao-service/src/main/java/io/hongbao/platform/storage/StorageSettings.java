package io.hongbao.platform.storage;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the service keeps its state. A blank {@code redisUrl} or {@code dbUrl} means "start an embedded server for
 * it"; a set one means "use that existing server instead" (external mode).
 */
@ConfigurationProperties("hongbao")
public record StorageSettings(Path dataDir, Redis redis, Db db) {

    public StorageSettings {
        dataDir = dataDir == null ? Path.of("data") : dataDir;
        redis = redis == null ? new Redis(null) : redis;
        db = db == null ? new Db(null, null, null, 0, 0) : db;
    }

    public record Redis(String url) {
        public boolean embedded() {
            return url == null || url.isBlank();
        }
    }

    public record Db(String url, String user, String password, int poolSize, int blockingThreads) {
        public Db {
            user = user == null ? "root" : user;
            password = password == null ? "" : password;
            poolSize = poolSize <= 0 ? 16 : poolSize;
            blockingThreads = blockingThreads <= 0 ? poolSize : blockingThreads;
        }

        public boolean embedded() {
            return url == null || url.isBlank();
        }
    }
}
