package io.hongbao.ops.infrastructure;

import io.hongbao.ops.application.InstanceBoard;
import io.hongbao.ops.application.InstanceFigures;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link InstanceBoard} as one Redis hash, {@value #KEY}: a field per instance id, its figures as JSON. One key,
 * so one node of a cluster holds it and one {@code HGETALL} reads the deployment; a few hundred bytes per instance.
 * An entry that does not parse (written by another version of the service) is dropped: its age cannot be told, and
 * a running instance writes its own again within a second.
 */
public final class RedisInstanceBoard implements InstanceBoard {

    public static final String KEY = "hongbao:{ops}:instances";

    private static final Logger log = LoggerFactory.getLogger(RedisInstanceBoard.class);

    private final RedisClusterCommands<String, String> redis;
    private final JsonMapper json;

    public RedisInstanceBoard(RedisClusterCommands<String, String> redis, JsonMapper json) {
        this.redis = redis;
        this.json = json;
    }

    @Override
    public void publish(InstanceFigures figures) {
        redis.hset(KEY, figures.id(), json.writeValueAsString(figures));
    }

    @Override
    public List<InstanceFigures> all() {
        List<InstanceFigures> all = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (Map.Entry<String, String> entry : redis.hgetall(KEY).entrySet()) {
            try {
                all.add(json.readValue(entry.getValue(), InstanceFigures.class));
            } catch (JacksonException e) {
                log.warn("Dropping the unreadable ops entry of instance {}: {}", entry.getKey(), e.toString());
                unreadable.add(entry.getKey());
            }
        }
        if (!unreadable.isEmpty()) {
            forget(unreadable);
        }
        return all;
    }

    @Override
    public void forget(Collection<String> ids) {
        redis.hdel(KEY, ids.toArray(String[]::new));
    }
}
