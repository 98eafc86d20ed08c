package io.hongbao.bench.http.targets;

import io.hongbao.bench.http.load.DrawWorkload;
import io.hongbao.bench.http.load.GrabberTokens;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.platform.security.TokenIssuer;
import java.net.http.HttpTimeoutException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * The Hongbao service (or a baseline variant of it), set up through its own API: an admin deposits to a few senders, who send the packets. After a
 * run the bench waits until the persister has put every granted share into the database, then asks for the audit.
 */
public final class HongbaoTarget implements Target {

    /** The name of the service with an annotated grab controller ({@code bench http --baseline annotated-controller}). */
    public static final String ANNOTATED_TARGET = "hongbao-annotated";

    /** Senders' user ids: far from the grabbers' range. Several senders spread the debits over several rows. */
    static final long FIRST_SENDER = 2_000_000_001L;
    /** The sponsor of {@code --profile campaign}'s campaigns: away from the grabbers and the senders. */
    static final long CAMPAIGN_SPONSOR = 2_500_000_001L;

    static final int SENDERS = 4;
    static final long ADMIN = 1;
    private static final Duration DRAIN_LIMIT = Duration.ofMinutes(3);
    private static final Duration TOKEN_LIFE = Duration.ofHours(12);
    /** The audit reads every packet of every run so far: after a few runs at peak rate it takes minutes. */
    private static final Duration AUDIT_LIMIT = Duration.ofMinutes(10);

    private final String name;
    private final String baseUrl;
    private final OptionalLong pid;
    private final TokenIssuer tokens;
    private final GrabRows database;
    private final AccountHolders holders;
    private final OutboxRows outbox;
    private final SetupApi api;
    private final String admin;
    /** The grabbers' tokens when not the service's own HS256 ones, else null. */
    private final GrabberTokens grabbers;

    /** @param database where the service's grab rows are read, or null to rely on the audit alone */
    public HongbaoTarget(String name, String baseUrl, OptionalLong pid, TokenIssuer tokens, GrabRows database) {
        this(name, baseUrl, pid, tokens, database, null);
    }

    /** @param holders where users are given accounts before the load, or null when the bench cannot write there */
    public HongbaoTarget(
            String name,
            String baseUrl,
            OptionalLong pid,
            TokenIssuer tokens,
            GrabRows database,
            AccountHolders holders) {
        this(name, baseUrl, pid, tokens, database, holders, null, null);
    }

    /** @param outbox where the rows waiting in its outbox are counted, or null when it publishes no events */
    public HongbaoTarget(
            String name,
            String baseUrl,
            OptionalLong pid,
            TokenIssuer tokens,
            GrabRows database,
            AccountHolders holders,
            OutboxRows outbox) {
        this(name, baseUrl, pid, tokens, database, holders, outbox, null);
    }

    private HongbaoTarget(
            String name,
            String baseUrl,
            OptionalLong pid,
            TokenIssuer tokens,
            GrabRows database,
            AccountHolders holders,
            OutboxRows outbox,
            GrabberTokens grabbers) {
        this.name = name;
        this.baseUrl = baseUrl;
        this.pid = pid;
        this.tokens = tokens;
        this.database = database;
        this.holders = holders;
        this.outbox = outbox;
        this.api = new SetupApi(baseUrl);
        this.admin = tokens.issue(ADMIN, true, TOKEN_LIFE);
        this.grabbers = grabbers;
    }

    /**
     * The same target, its grabbers carrying {@code grabbers}' tokens. The set-up (the admin, the senders) keeps the
     * service's own HS256 tokens, which the service accepts beside a provider's (ADR 0097).
     */
    public HongbaoTarget withGrabberTokens(GrabberTokens grabbers) {
        return new HongbaoTarget(name, baseUrl, pid, tokens, database, holders, outbox, grabbers);
    }

    /** Another build of the service, compared side by side ({@code bench http --also-jar}). */
    public static final String OTHER_BUILD_TARGET = "hongbao-other-build";

    /** The service publishing its money events to Kafka ({@code bench http --also-events}, ADR 0096). */
    public static final String EVENTS_TARGET = "hongbao-events";

    /** The name of the service taking a provider's tokens ({@code bench http --also-provider-tokens}, ADR 0097). */
    public static String providerTokensTargetName(String algorithm) {
        return "hongbao-provider-" + algorithm.toLowerCase(Locale.ROOT);
    }

    /** The name of the service on {@code shards} database shards ({@code bench http --also-db-shards}). */
    public static String shardedTargetName(int shards) {
        return "hongbao-" + shards + "-db-shards";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    @Override
    public OptionalLong pid() {
        return pid;
    }

    @Override
    public List<String> createPackets(int count, int shares, long centsPerShare) throws Exception {
        long total = shares * centsPerShare;
        List<String> senders = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            long sender = FIRST_SENDER + s;
            long packets = count / SENDERS + (s < count % SENDERS ? 1 : 0);
            if (packets > 0) {
                api.post(
                        "/api/v1/admin/accounts/" + sender + "/deposits",
                        admin,
                        "{\"amount\":" + packets * total + "}");
            }
            senders.add(tokens.issue(sender, false, TOKEN_LIFE));
        }
        AtomicInteger next = new AtomicInteger();
        String body = "{\"totalAmount\":" + total + ",\"count\":" + shares
                + ",\"type\":\"RANDOM\",\"greeting\":\"bench\",\"expiresInSeconds\":86400}";
        List<String> ids = new ArrayList<>(count);
        for (JsonNode packet : api.postMany(
                count, "/api/v1/packets", () -> senders.get(next.getAndIncrement() % SENDERS), () -> body)) {
            ids.add(packet.get("id").asString());
        }
        return ids;
    }

    /** The sponsor's deposit through the admin API, then the campaign; its pools read from the database. */
    @Override
    public Campaign openCampaign(int shares, long centsPerShare) throws Exception {
        long total = shares * centsPerShare;
        api.post("/api/v1/admin/accounts/" + CAMPAIGN_SPONSOR + "/deposits", admin, "{\"amount\":" + total + "}");
        String id = api.post(
                        "/api/v1/admin/campaigns",
                        admin,
                        "{\"sponsor\":" + CAMPAIGN_SPONSOR + ",\"greeting\":\"bench\",\"total\":" + total
                                + ",\"shares\":" + shares + ",\"type\":\"EQUAL\",\"lastsSeconds\":86400}")
                .get("id")
                .asString();
        if (database == null) {
            throw new IllegalStateException(name() + ": the campaign's pools are read from its database");
        }
        return new Campaign(id, database.campaignPools(id));
    }

    @Override
    public long openAccounts(long firstUser, RealisticShape shape, long deposit) throws Exception {
        return holders == null ? -1 : holders.open(firstUser, shape, deposit);
    }

    /**
     * A wheel whose campaign began two hours ago and ends in a day, so prizes are released (draws win them, then the
     * consolation), and points for the drawers through the admin API ({@link SetupApi#PARALLEL} calls at a time).
     */
    @Override
    public Optional<String> prepareDraws(long firstDrawer, int drawers, long points) throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String wheel = "{\"name\": \"bench\", \"drawCost\": " + DrawWorkload.DRAW_COST
                + ", \"consolation\": {\"name\": \"2 back\", \"points\": 2},"
                + " \"prizes\": [{\"name\": \"Phone\", \"stock\": 10}, {\"name\": \"Coupon\", \"stock\": 100000}],"
                + " \"startsAt\": \"" + now.minus(Duration.ofHours(2)) + "\", \"endsAt\": \""
                + now.plus(Duration.ofDays(1)) + "\"}";
        String id = api.post("/api/v1/admin/wheels", admin, wheel).get("id").asString();
        AtomicLong next = new AtomicLong(firstDrawer);
        String body = "{\"points\": " + points + "}";
        api.postMany(
                drawers, () -> "/api/v1/admin/accounts/" + next.getAndIncrement() + "/points", () -> admin, () -> body);
        return Optional.of(id);
    }

    /**
     * Waits until the service accepts {@code token} on a user's call: it fetches a provider's keys in the background
     * after it started (ADR 0097), and a grab before that would be a 401.
     */
    public void awaitAccepting(String token, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                api.get("/api/v1/me/account", token);
                return;
            } catch (IllegalStateException refused) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            name + " still refuses the issuer's tokens after " + limit, refused);
                }
                Thread.sleep(250);
            }
        }
    }

    @Override
    public Optional<GrabberTokens> grabberTokens() {
        return Optional.ofNullable(grabbers);
    }

    @Override
    public Optional<String> metricsUrl() {
        return Optional.of(baseUrl + "/actuator/prometheus");
    }

    @Override
    public OptionalLong persistedRows(List<String> packetIds) throws SQLException {
        return database == null ? OptionalLong.empty() : OptionalLong.of(database.count(packetIds));
    }

    @Override
    public OptionalLong outboxRows() throws SQLException {
        return outbox == null ? OptionalLong.empty() : OptionalLong.of(outbox.count());
    }

    @Override
    public Persistence awaitPersisted(List<String> packetIds, long granted, long loadStoppedNanos) throws Exception {
        long deadline = loadStoppedNanos + DRAIN_LIMIT.toNanos();
        double drained = -1;
        long rows = -1;
        if (database != null) {
            while (System.nanoTime() < deadline) {
                rows = database.count(packetIds);
                // >=: a grab that timed out on the client may still have been granted and persisted.
                if (rows >= granted) {
                    drained = (System.nanoTime() - loadStoppedNanos) / 1e9;
                    break;
                }
                Thread.sleep(50);
            }
        }
        while (true) {
            long auditStart = System.nanoTime();
            JsonNode audit;
            try {
                audit = api.get("/api/v1/admin/audit", admin, AUDIT_LIMIT);
            } catch (HttpTimeoutException e) {
                // Reported as a failed audit, not a crash: the runs measured so far still make the report.
                return new Persistence(
                        drained,
                        granted,
                        rows,
                        false,
                        AUDIT_LIMIT.toSeconds(),
                        List.of("audit: no answer within " + AUDIT_LIMIT));
            }
            double auditSeconds = (System.nanoTime() - auditStart) / 1e9;
            boolean ok = audit.path("ok").asBoolean(false);
            if (ok && database == null) {
                drained = (System.nanoTime() - loadStoppedNanos) / 1e9;
            }
            if (ok || database != null || System.nanoTime() > deadline) {
                return new Persistence(drained, granted, rows, ok, auditSeconds, failedChecks(audit));
            }
            Thread.sleep(250);
        }
    }

    private static List<String> failedChecks(JsonNode audit) {
        List<String> failed = new ArrayList<>();
        for (JsonNode check : audit.path("checks")) {
            if (!check.path("ok").asBoolean(false)) {
                failed.add(check.path("name").asString("?") + ": "
                        + check.path("detail").asString(""));
            }
        }
        return failed;
    }

    /** Gives users accounts before the load: the realistic profile's account holders ({@link JdbcAccountHolders}). */
    interface AccountHolders {
        /** Answers how many users were given an account. */
        long open(long firstUser, RealisticShape shape, long deposit) throws Exception;
    }

    /** Reads how many rows wait in the outbox. */
    interface OutboxRows {
        long count() throws SQLException;
    }

    /** Reads how many grab rows the database holds for some packets. */
    interface GrabRows {
        long count(List<String> packetIds) throws SQLException;

        /** The packet ids of a campaign's pools, in order. */
        List<String> campaignPools(String campaignId) throws SQLException;
    }
}
