package io.hongbao.redpacket.infrastructure.grab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.redpacket.model.PacketId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RememberedUnknownPacketsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RememberedUnknownPackets unknown =
            new RememberedUnknownPackets(Duration.ofMinutes(1), 1_000, registry);
    private final PacketId id = PacketId.generate();

    @Test
    void anIdTheDatabaseDoesNotKnowIsAnsweredUnknownAgainWithoutAsking() {
        Lookups lookups = new Lookups(false);

        assertThat(unknown.known(id, lookups).toCompletableFuture().join()).isFalse();
        assertThat(unknown.known(id, lookups).toCompletableFuture().join()).isFalse();

        assertThat(lookups.runs.get()).isEqualTo(1);
        assertThat(registry.counter("hongbao.grab.database.lookups", "found", "false")
                        .count())
                .isEqualTo(1);
    }

    @Test
    void concurrentQuestionsAboutOneIdShareOneLookup() {
        CompletableFuture<Boolean> database = new CompletableFuture<>();
        AtomicInteger runs = new AtomicInteger();
        Function<PacketId, CompletionStage<Boolean>> slow = key -> {
            runs.incrementAndGet();
            return database;
        };

        var first = unknown.known(id, slow).toCompletableFuture();
        var second = unknown.known(id, slow).toCompletableFuture();
        database.complete(true);

        assertThat(first.join()).isTrue();
        assertThat(second.join()).isTrue();
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void aKnownPacketIsLookedUpEveryTimeForItsRedisStateMayBeLostAgain() {
        Lookups lookups = new Lookups(true);

        assertThat(unknown.known(id, lookups).toCompletableFuture().join()).isTrue();
        assertThat(unknown.known(id, lookups).toCompletableFuture().join()).isTrue();

        assertThat(lookups.runs.get()).isEqualTo(2);
    }

    @Test
    void aFailedLookupIsNotRemembered() {
        AtomicInteger runs = new AtomicInteger();
        Function<PacketId, CompletionStage<Boolean>> failing = key -> {
            runs.incrementAndGet();
            return CompletableFuture.failedFuture(new IllegalStateException("database away"));
        };

        var failed = unknown.known(id, failing).toCompletableFuture();
        assertThatThrownBy(failed::join)
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage("database away");
        assertThat(unknown.known(id, new Lookups(true)).toCompletableFuture().join())
                .isTrue();
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void rememberingForNoTimeAsksEveryTime() {
        RememberedUnknownPackets forgetful = new RememberedUnknownPackets(Duration.ZERO, 1_000, registry);
        Lookups lookups = new Lookups(false);

        forgetful.known(id, lookups).toCompletableFuture().join();
        forgetful.known(id, lookups).toCompletableFuture().join();

        assertThat(lookups.runs.get()).isEqualTo(2);
    }

    /** A database that answers at once, always the same. */
    private static final class Lookups implements Function<PacketId, CompletionStage<Boolean>> {
        private final boolean known;
        private final AtomicInteger runs = new AtomicInteger();

        Lookups(boolean known) {
            this.known = known;
        }

        @Override
        public CompletionStage<Boolean> apply(PacketId id) {
            runs.incrementAndGet();
            return CompletableFuture.completedFuture(known);
        }
    }
}
