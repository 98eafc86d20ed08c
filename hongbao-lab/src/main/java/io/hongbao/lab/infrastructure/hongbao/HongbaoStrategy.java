package io.hongbao.lab.infrastructure.hongbao;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.lab.infrastructure.storage.LoopingWorker;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabAudit.GrabRecord;
import io.hongbao.lab.model.LabAudit.PacketBalance;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.NonBlockingGrabStrategy;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code hongbao}: the service's production path, driven through its use cases without HTTP, as production drives
 * it: non-blocking, many attempts in flight, coalesced per shard by the service's own grab lanes. A packet is
 * sent (sender debited into escrow, shares pre-split and stored in one transaction) and published to Redis; a grab is
 * one Lua script that checks the packet, the user and expiry, takes the next share, records the user and appends the
 * grant to the packet's shard stream (one entry per script call, ADR 0044), atomically; consumer-group persisters
 * write the streams to the database in batches, acknowledging after the commit and reclaiming the entries of dead
 * consumers.
 *
 * <p>Trade-off: at most one round trip per attempt like {@code lua-list}, fewer when concurrent attempts on a shard
 * share one script call, plus what production needs and the lab's Lua strategies lack: several persisters at once, the ledger (every grab credits the grabber from escrow), expiry and
 * refunds, group membership. The answer still precedes the database record, so Redis must fsync every write.
 *
 * <p>Crash windows: none between Redis steps (one script, stream entry included); a persister that dies leaves its
 * entries pending in the consumer group, and another reclaims them; writes are idempotent (unique per packet and
 * user, and per share). What remains is Redis durability ({@code appendfsync always}, as the embedded Redis runs).
 *
 * <p>The lab's packet ids map to the service's own packet ids; the service splits the shares itself (same totals and
 * counts). Grabbers are credited in the real ledger, so run it against a database of its own (the bench does).
 */
public final class HongbaoStrategy implements NonBlockingGrabStrategy {

    public static final String NAME = "hongbao";
    private static final long SENDER_BASE = 9_000_000_000_000L;
    private static final String SCRIPT_CALLS = "hongbao.grab.script.calls";
    private static final String SCRIPT_GRABS = "hongbao.grab.script.grabs";

    private final DepositingMoney depositing;
    private final SendingRedPacket sending;
    private final PublishingRedPacket publishing;
    private final GrabbingRedPacket grabbing;
    private final HotPackets hot;
    private final JdbcClient jdbc;
    private final MeterRegistry registry;
    private final Map<Long, PacketId> ids = new HashMap<>();
    private final LongAdder granted = new LongAdder();
    private volatile LabRun run;
    private double callsBefore;
    private double grabsBefore;

    public HongbaoStrategy(
            DepositingMoney depositing,
            SendingRedPacket sending,
            PublishingRedPacket publishing,
            GrabbingRedPacket grabbing,
            HotPackets hot,
            JdbcClient jdbc,
            MeterRegistry registry) {
        this.depositing = depositing;
        this.sending = sending;
        this.publishing = publishing;
        this.grabbing = grabbing;
        this.hot = hot;
        this.jdbc = jdbc;
        this.registry = registry;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        UserId sender = UserId.of(SENDER_BASE + run.id());
        long total = run.packets().stream().mapToLong(LabPacket::totalAmount).sum();
        depositing.deposit(sender, Cents.of(total));
        for (LabPacket packet : run.packets()) {
            SendOutcome outcome = sending.send(new SendRedPacketCommand(
                    sender,
                    Cents.of(packet.totalAmount()),
                    packet.count(),
                    PacketType.RANDOM,
                    "strategy lab",
                    Duration.ofHours(1),
                    null));
            if (!(outcome instanceof SendOutcome.Sent sent)) {
                throw new IllegalStateException("could not send a lab packet: " + outcome);
            }
            publishing.publishNew(sent.state()).toCompletableFuture().join();
            ids.put(packet.id(), sent.state().packet().id());
        }
        this.run = run;
        callsBefore = counted(SCRIPT_CALLS);
        grabsBefore = counted(SCRIPT_GRABS);
    }

    /** Answers on the Redis I/O thread that completes the coalesced call; never blocks the caller. */
    @Override
    public CompletionStage<LabOutcome> grabLater(long packetId, long userId) {
        return grabbing.grab(ids.get(packetId), UserId.of(userId)).thenApply(this::outcome);
    }

    private LabOutcome outcome(GrabOutcome outcome) {
        if (outcome instanceof GrabOutcome.Grabbed grabbed) {
            granted.increment();
            return new LabOutcome.Granted(grabbed.amount());
        }
        if (outcome instanceof GrabOutcome.AlreadyGrabbed) {
            return LabOutcome.ALREADY_GRABBED;
        }
        if (outcome instanceof GrabOutcome.SoldOut) {
            return LabOutcome.SOLD_OUT;
        }
        throw new IllegalStateException("a lab packet answered " + outcome);
    }

    /**
     * From the service's own counters (api.md change 16): grabs sent over grab-script calls made since
     * {@link #prepare}. The strategies of a run are opened one after the other, so the calls are this strategy's.
     */
    @Override
    public double meanBatch() {
        double calls = counted(SCRIPT_CALLS) - callsBefore;
        return calls == 0 ? 0 : (counted(SCRIPT_GRABS) - grabsBefore) / calls;
    }

    private double counted(String counter) {
        return registry.get(counter).functionCounter().count();
    }

    /** Done when the database holds as many grabs of the run's packets as were answered "granted". */
    @Override
    public boolean awaitPersisted(Duration timeout) {
        return LoopingWorker.awaitUntil(() -> recordedGrabs() >= granted.sum(), timeout);
    }

    private long recordedGrabs() {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                .param(
                        "ids",
                        List.copyOf(ids.values().stream().map(PacketId::value).toList()))
                .query(Long.class)
                .single();
    }

    /** What is left by Redis's reckoning (total − its live grabs), and the grabs the persister recorded. */
    @Override
    public LabAudit audit() {
        List<PacketBalance> balances = new ArrayList<>();
        List<GrabRecord> grabs = new ArrayList<>();
        for (LabPacket packet : run.packets()) {
            PacketId id = ids.get(packet.id());
            long live = hot.progress(id).toCompletableFuture().join().orElseThrow().grabs().stream()
                    .mapToLong(PacketGrab::amount)
                    .sum();
            balances.add(
                    new PacketBalance(packet.id(), packet.totalAmount(), packet.count(), packet.totalAmount() - live));
            grabs.addAll(jdbc.sql("SELECT user_id, amount FROM packet_grabs WHERE packet_id = ?")
                    .param(id.value())
                    .query((rs, row) -> new GrabRecord(packet.id(), rs.getLong("user_id"), rs.getLong("amount")))
                    .list());
        }
        return new LabAudit(balances, grabs);
    }

    /** The packets stay: they expire and refund like any other (the service's sweeper runs in the bench). */
    @Override
    public void close() {}
}
