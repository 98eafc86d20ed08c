package io.hongbao.faults;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.support.FaultRig;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.ProcessApi;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Calls other than grabs that fault tests make while a store is away, timed, and the set-up they need. */
final class FaultCalls {

    static final long SENDER = 3_000_000_002L;
    private static final Set<String> DECIDED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z-]+)\"");

    private FaultCalls() {}

    /** One call as the client saw it. */
    record Call(String what, int status, String body, Duration took) {
        @Override
        public String toString() {
            return what + " " + status + " in " + took.toMillis() + " ms";
        }
    }

    /** A wheel whose campaign is under way, with prizes released already. */
    /**
     * A wheel whose home is not database shard {@code away} of {@code shards} (ADR 0093): created until one lands
     * elsewhere. A test that freezes that shard sees the draws of a wheel that lives on a live one.
     */
    static String wheelNotOn(FaultRig rig, int away, int shards) throws Exception {
        while (true) {
            String wheel = wheel(rig);
            if (new DatabaseShards(shards).ofId(wheel) != away) {
                return wheel;
            }
        }
    }

    static String wheel(FaultRig rig) throws Exception {
        Instant now = Instant.now();
        HttpResponse<String> created = rig.api()
                .post(
                        FaultRig.ADMIN,
                        true,
                        "/api/v1/admin/wheels",
                        "{\"name\": \"Fault wheel\", \"drawCost\": 10, \"consolation\": {\"name\": \"back\","
                                + " \"points\": 3}, \"prizes\": [{\"name\": \"Mug\", \"stock\": 100}], \"startsAt\": \""
                                + now.minus(Duration.ofDays(1)) + "\", \"endsAt\": \"" + now.plus(Duration.ofDays(1))
                                + "\"}");
        return id(expect(created, 201));
    }

    static void points(FaultRig rig, long user, long points) throws Exception {
        expect(
                rig.api()
                        .post(
                                FaultRig.ADMIN,
                                true,
                                "/api/v1/admin/accounts/" + user + "/points",
                                "{\"points\": " + points + "}"),
                200);
    }

    static void deposit(FaultRig rig, long user, long cents) throws Exception {
        expect(
                rig.api()
                        .post(
                                FaultRig.ADMIN,
                                true,
                                "/api/v1/admin/accounts/" + user + "/deposits",
                                "{\"amount\": " + cents + "}"),
                200);
    }

    static Call send(FaultRig rig, long cents) throws Exception {
        return send(rig, SENDER, cents);
    }

    static Call send(FaultRig rig, long sender, long cents) throws Exception {
        ProcessApi api = rig.api();
        return timed(
                "send",
                () -> api.post(sender, false, "/api/v1/packets", "{\"totalAmount\": " + cents + ", \"count\": 10}"));
    }

    static Call account(FaultRig rig, long user) throws Exception {
        ProcessApi api = rig.api();
        return timed("account", () -> api.get(user, false, "/api/v1/me/account"));
    }

    static Call group(FaultRig rig, long creator) throws Exception {
        ProcessApi api = rig.api();
        return timed(
                "group",
                () -> api.post(creator, false, "/api/v1/groups", "{\"name\": \"stalled\", \"members\": [2, 3]}"));
    }

    static Call draw(FaultRig rig, long user, String wheel) throws Exception {
        ProcessApi api = rig.api();
        return timed("draw", () -> api.post(user, false, "/api/v1/wheels/" + wheel + "/draw", null));
    }

    static Call health(FaultRig rig) throws Exception {
        ProcessApi api = rig.api();
        return timed("health", () -> api.get(FaultRig.ADMIN, false, "/actuator/health"));
    }

    /** What a balancer asks (docs/scale-out.md): whether this instance should get grabs. */
    static Call readiness(FaultRig rig) throws Exception {
        ProcessApi api = rig.api();
        return timed("readiness", () -> api.get(FaultRig.ADMIN, false, "/actuator/health/readiness"));
    }

    /** Runs {@code call} after {@code delay} on a thread of its own. */
    static CompletableFuture<Call> later(Duration delay, Callable<Call> call) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Thread.sleep(delay.toMillis());
                return call.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * The grab answers that are neither a decided outcome nor 503 UNAVAILABLE (the outcome unknown, a retry safe):
     * what no fault may produce.
     */
    static List<Attempt> neitherDecidedNorUnavailable(Collection<Attempt> answers) {
        return answers.stream()
                .filter(a ->
                        !(a.status() == 200 && DECIDED.contains(a.outcome())) && !"503 UNAVAILABLE".equals(a.kind()))
                .toList();
    }

    static String describe(List<Call> calls) {
        return String.join(", ", calls.stream().map(Call::toString).toList());
    }

    private static Call timed(String what, Callable<HttpResponse<String>> call) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = call.call();
        return new Call(what, response.statusCode(), response.body(), Duration.ofNanos(System.nanoTime() - start));
    }

    private static String expect(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(
                    "expected " + status + ", got " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private static String id(String body) {
        Matcher id = ID.matcher(body);
        if (!id.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return id.group(1);
    }
}
