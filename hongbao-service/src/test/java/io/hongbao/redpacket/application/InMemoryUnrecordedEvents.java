package io.hongbao.redpacket.application;

import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.UnrecordedEvents;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The shard streams' backlog in memory: the packets some of whose events wait for the persister. */
final class InMemoryUnrecordedEvents implements UnrecordedEvents {

    private final Set<PacketId> waiting = new HashSet<>();
    private final List<String> log;

    /** @param log where each question is noted (shared with other doubles to check the order of calls) */
    InMemoryUnrecordedEvents(List<String> log) {
        this.log = log;
    }

    InMemoryUnrecordedEvents() {
        this(new ArrayList<>());
    }

    @Override
    public CompletionStage<Boolean> mayHold(PacketId id) {
        log.add("asked the streams about " + id.value());
        return CompletableFuture.completedFuture(waiting.contains(id));
    }

    /** Some event of the packet waits in its shard's stream. */
    void waiting(PacketId id) {
        waiting.add(id);
    }

    /** The persister has recorded every event of the packet. */
    void recorded(PacketId id) {
        waiting.remove(id);
    }
}
