package io.hongbao.bench.http.targets;

import io.hongbao.bench.http.load.GrabberTokens;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.http.measure.ServiceMeters;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Something the bench loads with grabs: the Hongbao service or the seed peer. */
public interface Target {

    String name();

    String baseUrl();

    /** The process to charge CPU to, when the bench knows it. */
    OptionalLong pid();

    /** Creates fresh RANDOM packets of {@code shares} shares averaging {@code centsPerShare}; answers their ids. */
    List<String> createPackets(int count, int shares, long centsPerShare) throws Exception;

    /**
     * Gives the profile's account holders among the users {@code firstUser..} an account holding {@code deposit}
     * cents; answers how many, or -1 when the target has no accounts the bench can set up.
     */
    default long openAccounts(long firstUser, RealisticShape shape, long deposit) throws Exception {
        return -1;
    }

    /**
     * The tokens this target's grabbers send when they are not the service's own HS256 ones, which the load signs with
     * the shared secret: an OpenID Connect provider's ({@code bench http --also-provider-tokens}).
     */
    default Optional<GrabberTokens> grabberTokens() {
        return Optional.empty();
    }

    /** Where the target's Prometheus metrics are read, when it has them ({@link ServiceMeters}). */
    default Optional<String> metricsUrl() {
        return Optional.empty();
    }

    /**
     * How many grab rows the target's database holds for these packets right now, when it has a database the bench
     * can read; read at the start and end of the measured window, it gives the persister's rows per second at peak.
     */
    default OptionalLong persistedRows(List<String> packetIds) throws Exception {
        return OptionalLong.empty();
    }

    /**
     * How many rows wait in the target's outbox right now (ADR 0096), when it publishes money events and the bench
     * can read its database.
     */
    default OptionalLong outboxRows() throws Exception {
        return OptionalLong.empty();
    }

    /**
     * Sets up the draw phase ({@code bench http --draws}): a lottery wheel open for hours, and {@code points} points
     * for each of the users {@code firstDrawer .. firstDrawer + drawers - 1}; answers the wheel's id, or empty when
     * the target has no lottery.
     */
    default Optional<String> prepareDraws(long firstDrawer, int drawers, long points) throws Exception {
        return Optional.empty();
    }

    /**
     * Opens a campaign of {@code shares} equal shares of {@code centsPerShare} cents, grabbable at once for a day
     * ({@code bench http --profile campaign}), on a target that has campaigns.
     */
    default Campaign openCampaign(int shares, long centsPerShare) throws Exception {
        throw new UnsupportedOperationException(name() + " has no campaigns");
    }

    /** @param pools the packet ids of its pools, for counting its persisted grabs */
    record Campaign(String id, List<String> pools) {}

    /** After the load stopped: waits until every granted share is persisted, or answers null if nothing persists. */
    Persistence awaitPersisted(List<String> packetIds, long granted, long loadStoppedNanos) throws Exception;
}
