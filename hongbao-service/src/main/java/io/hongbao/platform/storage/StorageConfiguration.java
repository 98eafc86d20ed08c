package io.hongbao.platform.storage;

import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Resolves where Redis and the database are: where the settings say, or, for a server they leave blank, where
 * embedded mode started one ({@link EmbeddedEndpoints}). This module starts no process itself.
 */
@Configuration(proxyBeanMethods = false)
class StorageConfiguration {

    @Bean
    StorageEndpoints storageEndpoints(StorageSettings settings, EmbeddedEndpoints embedded) {
        // A cluster is always external: with hongbao.redis.cluster set no embedded Redis was started (ADR 0070).
        String redisUrl = settings.redis().isCluster()
                ? null
                : settings.redis().embedded()
                        ? embedded.redis()
                        : settings.redis().url();
        List<String> seeds = settings.redis().clusterSeeds();
        if (settings.db().embedded()) {
            return new StorageEndpoints(redisUrl, seeds, embedded.jdbc(), embedded.dbUser(), embedded.dbPassword());
        }
        if (settings.db().isSharded()) {
            List<String> shards = settings.db().shardUrls();
            return new StorageEndpoints(
                    redisUrl,
                    seeds,
                    shards,
                    shards.get(0),
                    settings.db().user(),
                    settings.db().password());
        }
        return new StorageEndpoints(
                redisUrl,
                seeds,
                settings.db().url(),
                settings.db().user(),
                settings.db().password());
    }
}
