package io.hongbao.peer;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The packets in Redis, the sources' "lua-list" way: a list of pre-split shares, a dedupe hash user → amount, and an
 * info hash that says the packet exists. One packet's keys share the hash tag {@code {id}}.
 */
final class PeerPackets {

    /** Peer keys live a day: the peer has no expiry sweeper and no refunds, as it has no database. */
    private static final long TTL_SECONDS = 86_400;

    private static final RedisScript<List> GRAB =
            RedisScript.of(new ClassPathResource("scripts/peer-grab.lua"), List.class);

    private final StringRedisTemplate redis;

    PeerPackets(StringRedisTemplate redis) {
        this.redis = redis;
    }

    /** One synchronous EVALSHA (Spring Data Redis falls back to EVAL on NOSCRIPT); the Tomcat thread waits. */
    GrabAnswer grab(String packetId, long userId) {
        List<?> result = redis.execute(GRAB, keys(packetId), Long.toString(userId));
        long code = (Long) result.get(0);
        return GrabAnswer.of(code, result.size() > 1 ? (Long) result.get(1) : null);
    }

    String create(List<Long> shares) {
        String id = UUID.randomUUID().toString().replace("-", "");
        List<String> keys = keys(id);
        // Info first, shares second: a packet is never grabbable before it exists.
        redis.opsForHash().put(keys.get(2), "count", Integer.toString(shares.size()));
        List<String> values = new ArrayList<>(shares.size());
        shares.forEach(share -> values.add(Long.toString(share)));
        redis.opsForList().rightPushAll(keys.get(0), values);
        for (String key : keys) {
            redis.expire(key, java.time.Duration.ofSeconds(TTL_SECONDS));
        }
        return id;
    }

    boolean ping() {
        return "PONG".equals(redis.execute(connection -> connection.ping(), true));
    }

    private static List<String> keys(String id) {
        String tag = "peer:{" + id + "}:";
        return List.of(tag + "shares", tag + "grabbed", tag + "info");
    }
}
