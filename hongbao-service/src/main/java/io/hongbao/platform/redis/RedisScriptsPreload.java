package io.hongbao.platform.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Loads every script under {@code scripts/} into Redis at start ({@code SCRIPT LOAD}), so that the first grabs after
 * a start do not each pay a {@code NOSCRIPT} round trip. On a cluster Lettuce sends {@code SCRIPT LOAD} to every node
 * (its advanced cluster commands broadcast it), replicas included, so a replica promoted later already has them.
 * Best effort: a node that lost them (restarted, added later) still answers {@code NOSCRIPT}, and {@link LuaScript}
 * then sends the script whole.
 */
final class RedisScriptsPreload implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(RedisScriptsPreload.class);

    private final RedisConnection redis;

    RedisScriptsPreload(RedisConnection redis) {
        this.redis = redis;
    }

    @Override
    public void afterSingletonsInstantiated() {
        try {
            Resource[] scripts = new PathMatchingResourcePatternResolver().getResources("classpath*:scripts/*.lua");
            for (Resource script : scripts) {
                String source = script.getContentAsString(StandardCharsets.UTF_8);
                redis.async().scriptLoad(source).get(5, TimeUnit.SECONDS);
            }
            log.debug("loaded {} scripts into Redis", scripts.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.warn(
                    "could not load the scripts into Redis at start (each is sent whole on NOSCRIPT): {}",
                    e.toString());
        }
    }
}
