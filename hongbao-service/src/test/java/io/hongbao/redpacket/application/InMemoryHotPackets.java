package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.Share;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Redis's live packets in memory: publishing creates a packet's state only if absent, and a grab is decided as
 * grab_packets.lua decides it, checks in the same order (existence, membership, the user's earlier grab, expiry,
 * stock). It notes whether a transaction was open when something was published.
 */
public final class InMemoryHotPackets implements HotPackets, RedPacketGrabs {

    private final Clock clock;
    private final InMemoryTransactions transactions;
    private final Map<PacketId, Live> live = new HashMap<>();
    private final List<PacketId> published = new ArrayList<>();
    private boolean publishedInsideATransaction;
    private boolean failing;
    private int grabCalls;

    public InMemoryHotPackets(Clock clock, InMemoryTransactions transactions) {
        this.clock = clock;
        this.transactions = transactions;
    }

    @Override
    public CompletionStage<Void> publish(PacketState state) {
        if (failing) {
            return CompletableFuture.failedFuture(new IllegalStateException("Redis is away"));
        }
        publishedInsideATransaction |= transactions.open();
        published.add(state.packet().id());
        live.putIfAbsent(state.packet().id(), new Live(state));
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Optional<LiveProgress>> progress(PacketId id) {
        Live packet = live.get(id);
        return CompletableFuture.completedFuture(Optional.ofNullable(packet)
                .map(p -> new LiveProgress(List.copyOf(p.grabbed.values()), p.state.closed())));
    }

    @Override
    public CompletionStage<Boolean> holds(PacketId id) {
        return CompletableFuture.completedFuture(live.containsKey(id));
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        grabCalls++;
        return CompletableFuture.completedFuture(decide(id, user));
    }

    private GrabOutcome decide(PacketId id, UserId user) {
        Live packet = live.get(id);
        if (packet == null) {
            return new GrabOutcome.NotFound();
        }
        if (packet.state.packet().forGroup() && !packet.state.members().contains(user)) {
            return new GrabOutcome.NotAMember();
        }
        PacketGrab earlier = packet.grabbed.get(user);
        if (earlier != null) {
            return new GrabOutcome.AlreadyGrabbed(earlier.amount());
        }
        Instant now = clock.instant();
        if (packet.state.closed() || packet.state.packet().isExpiredAt(now)) {
            return new GrabOutcome.Expired();
        }
        Share share = packet.unclaimed.pollFirst();
        if (share == null) {
            return new GrabOutcome.SoldOut();
        }
        packet.grabbed.put(user, new PacketGrab(user, share.seq(), share.amount(), now));
        return new GrabOutcome.Grabbed(share.amount(), now);
    }

    /** Redis loses the packet (a flush, a failover to a replica that never had it). */
    void lose(PacketId id) {
        live.remove(id);
    }

    void failing(boolean failing) {
        this.failing = failing;
    }

    public List<PacketId> published() {
        return List.copyOf(published);
    }

    public boolean publishedInsideATransaction() {
        return publishedInsideATransaction;
    }

    int grabCalls() {
        return grabCalls;
    }

    private static final class Live {
        final PacketState state;
        final Deque<Share> unclaimed;
        final Map<UserId, PacketGrab> grabbed = new LinkedHashMap<>();

        Live(PacketState state) {
            this.state = state;
            this.unclaimed = new ArrayDeque<>(state.unclaimed());
            state.grabs().forEach(grab -> grabbed.put(grab.user(), grab));
        }
    }
}
