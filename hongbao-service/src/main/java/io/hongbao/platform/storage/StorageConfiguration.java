package io.hongbao.platform.storage;

import io.hongbao.platform.embedded.EmbeddedServers;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Resolves where Redis and the database are. Every bean that talks to them depends on {@link EmbeddedServers}
 * through {@link StorageEndpoints}, so Spring closes connection pools before it stops the embedded servers.
 */
@Configuration(proxyBeanMethods = false)
class StorageConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedServers embeddedServers(StorageSettings settings) {
        return EmbeddedServers.startWhatIsNotExternal(settings);
    }

    @Bean
    StorageEndpoints storageEndpoints(StorageSettings settings, EmbeddedServers embedded) {
        // A cluster is always external: with hongbao.redis.cluster set no embedded Redis was started (ADR 0070).
        String redisUrl = settings.redis().isCluster()
                ? null
                : settings.redis().embedded()
                        ? embedded.redisUrl()
                        : settings.redis().url();
        List<String> seeds = settings.redis().clusterSeeds();
        if (settings.db().embedded()) {
            return new StorageEndpoints(redisUrl, seeds, embedded.jdbcUrl(), embedded.dbUser(), embedded.dbPassword());
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
