package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.platform.workers.PeriodicWorker;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RebuildRefused;
import io.hongbao.redpacket.model.RedPackets;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database-side safety net. (1) Publishes packets committed but never published (the service died between the
 * commit and the publish). (2) Finds packets that expired some time ago but were never refunded and whose state Redis
 * no longer holds (flushed, replaced), and rebuilds them: the sweeper then closes them and the refund takes the normal
 * single path through the stream. Packets Redis still holds are left alone: their refund may be on its way already.
 * A packet some of whose events still wait in its shard stream is skipped until the persister has recorded them
 * ({@link RebuildRefused}).
 */
public final class PublishRecovery extends PeriodicWorker {

    private static final Logger log = LoggerFactory.getLogger(PublishRecovery.class);

    private final RedPackets packets;
    private final HotPackets hot;
    private final PublishingRedPacket publishing;
    private final Clock clock;
    private final RedPacketSettings.Recovery settings;

    public PublishRecovery(
            RedPackets packets,
            HotPackets hot,
            PublishingRedPacket publishing,
            Clock clock,
            RedPacketSettings.Recovery settings) {
        super("publish-recovery", settings.every(), settings.enabled());
        this.packets = packets;
        this.hot = hot;
        this.publishing = publishing;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    protected int runOnce() {
        return recover();
    }

    /** One round; returns how many packets it (re)published. */
    public int recover() {
        Instant before = clock.instant().minus(settings.grace());
        int published =
                eachItem(packets.unpublished(before, settings.batchSize()), PublishRecovery::describe, this::publish);
        return published
                + eachItem(
                        packets.expiredNotRefunded(before, settings.batchSize()),
                        PublishRecovery::describe,
                        id -> await(hot.holds(id)) ? 0 : publish(id));
    }

    /**
     * 1 when published. A packet whose events the database has not all recorded yet is skipped, not failed: that is
     * the persister being behind, not the packet being broken, and a later pass publishes it.
     */
    private int publish(PacketId id) {
        try {
            return await(publishing.publishFromDatabase(id)) ? 1 : 0;
        } catch (RebuildRefused e) {
            log.debug("publish-recovery: {} skipped this pass: {}", describe(id), e.getMessage());
            return 0;
        }
    }

    private static String describe(PacketId id) {
        return "packet " + id.value();
    }

    /** The stage's result, or its own failure when that is unchecked (so that callers can tell failures apart). */
    private static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw unwrapped(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RuntimeException unwrapped(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RuntimeException unchecked ? unchecked : new IllegalStateException(cause);
    }
}
