package io.hongbao.redpacket.infrastructure.grab;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.UnknownPackets;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * {@link UnknownPackets} in a Caffeine cache of lookups, per instance. Each id maps to its lookup's future, so grabs
 * arriving while it runs share it; a lookup that answers "known" is removed as soon as it completes (removed only if
 * the entry is still that lookup), so is one that fails, and one that answers "unknown" stays for
 * {@code rememberFor} from its completion.
 *
 * <p>Why it cannot hide a real packet: the grab asks Redis before this memory, and a packet is in Redis from its
 * publish on; the memory is only asked for ids Redis does not hold, and only answers "unknown" where the database
 * answered so. Ids are chosen by the server and first told to the sender after the packet's row is committed, so no
 * lookup can run before the row exists.
 *
 * <p>Every lookup run is counted as {@code hongbao.grab.database.lookups{found}}.
 */
public final class RememberedUnknownPackets implements UnknownPackets {

    private final AsyncCache<PacketId, Lookup> lookups;
    private final Counter found;
    private final Counter notFound;

    /** @param rememberFor 0 remembers nothing: each question runs its own lookup */
    public RememberedUnknownPackets(Duration rememberFor, long maxIds, MeterRegistry registry) {
        this.lookups = rememberFor.isZero()
                ? null
                : Caffeine.newBuilder()
                        .expireAfterWrite(rememberFor)
                        .maximumSize(maxIds)
                        .buildAsync();
        this.found = counter(registry, true);
        this.notFound = counter(registry, false);
    }

    @Override
    public CompletionStage<Boolean> known(PacketId id, Function<PacketId, CompletionStage<Boolean>> lookUp) {
        if (lookups == null) {
            return counted(id, lookUp);
        }
        CompletableFuture<Lookup> answer =
                lookups.get(id, (key, executor) -> counted(key, lookUp).handle(Lookup::new));
        answer.thenAccept(done -> {
            if (done.failure() != null || done.known()) {
                lookups.asMap().remove(id, answer);
            }
        });
        return answer.thenCompose(done -> done.failure() != null
                ? CompletableFuture.failedFuture(done.failure())
                : CompletableFuture.completedFuture(done.known()));
    }

    /**
     * A finished lookup, failures included: kept as a value so that Caffeine does not log each failed lookup as a
     * failed load (a database outage would log one per grab); the caller passes the failure on.
     */
    private record Lookup(Boolean known, Throwable failure) {}

    private CompletableFuture<Boolean> counted(PacketId id, Function<PacketId, CompletionStage<Boolean>> lookUp) {
        return lookUp.apply(id).toCompletableFuture().thenApply(known -> {
            (known ? found : notFound).increment();
            return known;
        });
    }

    private static Counter counter(MeterRegistry registry, boolean found) {
        return Counter.builder("hongbao.grab.database.lookups")
                .description("grabs of a packet Redis does not hold that asked the database, by whether it knew it")
                .tag("found", Boolean.toString(found))
                .register(registry);
    }
}
