package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.redis.LuaScript;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.UnrecordedEvents;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.CompletionStage;

/**
 * {@code unrecorded_events.lua}: {@link UnrecordedEvents} from the packet's shard stream, the persister group's
 * pending list and the shard's dead letters, looked through inside Redis (one round trip, a yes or no back, however long the entries). It is asked
 * only before a rebuild, so each "yes" is a refused rebuild, counted in {@value #REFUSED} by reason.
 */
public final class UnrecordedEventsScript implements UnrecordedEvents {

    /** Rebuilds refused, tagged {@code reason}: {@code unrecorded-events} or {@code backlog-too-long}. */
    public static final String REFUSED = "hongbao.redpacket.rebuilds.refused";

    /**
     * The most unacknowledged entries looked through, which bounds the call's time in Redis: each entry holds the
     * grants of one grab call (up to a coalesced batch, 64), and 500 full ones take a few milliseconds (ADR 0066). A
     * persister keeping up holds far fewer; a longer backlog refuses the rebuild, and a grab retried once the persister
     * has caught up succeeds.
     */
    static final int MOST_ENTRIES = 500;

    private static final LuaScript SCRIPT = LuaScript.fromResource("unrecorded_events");
    private static final long NAMED = 1;
    private static final long TOO_MANY = 2;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final Counter unrecorded;
    private final Counter tooMany;

    public UnrecordedEventsScript(
            RedisClusterAsyncCommands<String, String> redis, PacketKeys keys, MeterRegistry registry) {
        this.redis = redis;
        this.keys = keys;
        this.unrecorded = refused(registry, "unrecorded-events");
        this.tooMany = refused(registry, "backlog-too-long");
    }

    @Override
    public CompletionStage<Boolean> mayHold(PacketId id) {
        String[] scriptKeys = {keys.stream(id), keys.deadLetters(keys.shardOf(id))};
        return SCRIPT.<Long>run(
                        redis,
                        ScriptOutputType.INTEGER,
                        scriptKeys,
                        id.value(),
                        ShardStream.GROUP,
                        Integer.toString(MOST_ENTRIES))
                .thenApply(this::answer);
    }

    private boolean answer(long found) {
        if (found == NAMED) {
            unrecorded.increment();
            return true;
        }
        if (found == TOO_MANY) {
            tooMany.increment();
            return true;
        }
        return false;
    }

    private static Counter refused(MeterRegistry registry, String reason) {
        return Counter.builder(REFUSED)
                .description("rebuilds of a packet Redis lost refused while the database may lack some of its events")
                .tag("reason", reason)
                .register(registry);
    }
}
