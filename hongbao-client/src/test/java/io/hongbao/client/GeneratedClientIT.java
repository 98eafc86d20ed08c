package io.hongbao.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hongbao.client.api.AccountsApi;
import io.hongbao.client.api.GroupsApi;
import io.hongbao.client.api.LotteryWheelsApi;
import io.hongbao.client.api.RedPacketsApi;
import io.hongbao.client.model.AccountView;
import io.hongbao.client.model.ConsolationRequest;
import io.hongbao.client.model.CreateGroupRequest;
import io.hongbao.client.model.CreateWheelRequest;
import io.hongbao.client.model.DepositRequest;
import io.hongbao.client.model.DrawView;
import io.hongbao.client.model.GrabAnswer;
import io.hongbao.client.model.PacketView;
import io.hongbao.client.model.PointsRequest;
import io.hongbao.client.model.PrizeRequest;
import io.hongbao.client.model.SendPacketRequest;
import io.hongbao.client.model.WheelView;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.support.PrivateServers;
import io.hongbao.support.ServiceProcess;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Java client OpenAPI Generator makes from docs/openapi.json, used as an integrator uses it, with no hand-written
 * HTTP: the README's tour, a pending draw, a rate-limited grab and the error cases, against the service on servers of
 * its own (its Redis is paused for the pending draw).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedClientIT {

    private static final String SECRET = "generated-client-test-secret-of-32-bytes-at-least";
    private static final long ADMIN = 1;

    private final TokenIssuer tokens = new TokenIssuer(new JwtSecret(SECRET.getBytes(StandardCharsets.UTF_8)));
    private PrivateServers servers;
    private ServiceProcess service;
    private long nextUser = 7_000_000_000L + (System.nanoTime() % 1_000_000) * 1000;

    @BeforeAll
    void startTheServiceOnServersOfItsOwn() throws Exception {
        Path folder = Path.of("target", "it-data", "generated-client").toAbsolutePath();
        servers = PrivateServers.start(folder.resolve("servers"));
        Map<String, String> env = new HashMap<>(servers.serviceEnv());
        env.put("HONGBAO_JWT_SECRET", SECRET);
        // A small grab allowance, so that the tour's grabs stay under it and a burst of one user's goes over.
        env.put("HONGBAO_RATELIMITS_PERUSER_GRAB_PERSECOND", "1");
        env.put("HONGBAO_RATELIMITS_PERUSER_GRAB_BURST", "3");
        service = ServiceProcess.start(folder.resolve("service"), env);
    }

    @AfterAll
    void stop() throws Exception {
        if (service != null) {
            service.close();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void theReadmeTourRunsThroughTheGeneratedClient() throws Exception {
        long alice = newUser();
        long bob = newUser();
        AccountView deposited = new AccountsApi(client(ADMIN, true))
                .deposit(alice, new DepositRequest().amount(10_000L), "tour-" + alice);
        assertThat(deposited.getBalance()).isEqualTo(10_000L);

        PacketView packet = new RedPacketsApi(client(alice, false))
                .sendPacket(
                        new SendPacketRequest()
                                .totalAmount(1_000L)
                                .count(5)
                                .type(SendPacketRequest.TypeEnum.RANDOM)
                                .greeting("恭喜发财"),
                        "send-" + alice);
        GrabAnswer grabbed = new RedPacketsApi(client(bob, false)).grab(packet.getId());
        GrabAnswer again = new RedPacketsApi(client(bob, false)).grab(packet.getId());

        assertThat(grabbed.getOutcome()).isEqualTo(GrabAnswer.OutcomeEnum.GRABBED);
        assertThat(again.getOutcome()).isEqualTo(GrabAnswer.OutcomeEnum.ALREADY_GRABBED);
        assertThat(again.getAmount()).isEqualTo(grabbed.getAmount());
        assertThat(new RedPacketsApi(client(alice, false))
                        .packet(packet.getId())
                        .getGreeting())
                .isEqualTo("恭喜发财");
        assertThat(new GroupsApi(client(alice, false))
                        .createGroup(new CreateGroupRequest().name("家人").members(List.of(bob)), "group-" + alice)
                        .getName())
                .isEqualTo("家人");

        WheelView wheel = wheel();
        new AccountsApi(client(ADMIN, true)).grantPoints(bob, new PointsRequest().points(100L), "points-" + bob);
        DrawView drawn = new LotteryWheelsApi(client(bob, false)).draw(wheel.getId(), null);
        assertThat(drawn.getPrize() != null || drawn.getConsolation() != null).isTrue();
        assertThat(drawn.getPointsLeft()).isEqualTo(90L);
    }

    /**
     * A draw whose points were spent while Redis could not decide it is 202: the generated method types every 2xx body
     * by the 200's schema, so the status tells a pending draw apart; a repeat with the same key gives its outcome.
     */
    @Test
    void aPendingDrawIs202WithItsIdAndARepeatWithTheSameKeyGivesTheOutcome() throws Exception {
        WheelView wheel = wheel();
        long player = newUser();
        new AccountsApi(client(ADMIN, true)).grantPoints(player, new PointsRequest().points(100L), "p-" + player);
        LotteryWheelsApi lottery = new LotteryWheelsApi(client(player, false));
        String key = "draw-" + player;

        ApiResponse<DrawView> pending;
        pauseRedisWrites(Duration.ofSeconds(7));
        try {
            pending = lottery.drawWithHttpInfo(wheel.getId(), key);
        } finally {
            unpauseRedis();
        }
        assertThat(pending.getStatusCode()).isEqualTo(202);
        assertThat(pending.getData().getDrawId()).isNotBlank();

        DrawView finished = awaitOutcome(lottery, wheel.getId(), key);
        assertThat(finished.getDrawId()).isEqualTo(pending.getData().getDrawId());
        assertThat(finished.getPointsLeft()).isEqualTo(90L);
    }

    @Test
    void aGrabOverTheUsersAllowanceIs429WithRetryAfter() throws Exception {
        long alice = newUser();
        new AccountsApi(client(ADMIN, true)).deposit(alice, new DepositRequest().amount(1_000L), "rl-" + alice);
        PacketView packet = new RedPacketsApi(client(alice, false))
                .sendPacket(new SendPacketRequest().totalAmount(100L).count(2), null);
        RedPacketsApi grabber = new RedPacketsApi(client(newUser(), false));

        ApiException limited = null;
        for (int i = 0; i < 20 && limited == null; i++) {
            try {
                grabber.grab(packet.getId());
            } catch (ApiException e) {
                limited = e;
            }
        }

        assertThat(limited).as("a refusal within 20 grabs of one user").isNotNull();
        assertThat(limited.getCode()).isEqualTo(429);
        assertThat(limited.getResponseHeaders().firstValue("Retry-After")).isPresent();
        assertThat(limited.getResponseBody()).contains("\"code\":\"RATE_LIMITED\"");
    }

    @Test
    void theErrorCasesAreApiExceptionsWithTheContractsStatusAndBody() throws Exception {
        long poor = newUser();
        ApiException unauthenticated = catchThrowableOfType(
                ApiException.class,
                () -> new AccountsApi(new ApiClient().setHost("127.0.0.1").setPort(port())).myAccount());
        ApiException notFound = catchThrowableOfType(
                ApiException.class, () -> new RedPacketsApi(client(poor, false)).packet("no-such-packet"));
        ApiException insufficient = catchThrowableOfType(
                ApiException.class,
                () -> new RedPacketsApi(client(poor, false))
                        .sendPacket(new SendPacketRequest().totalAmount(500L).count(2), null));
        ApiException invalid = catchThrowableOfType(
                ApiException.class,
                () -> new RedPacketsApi(client(poor, false))
                        .sendPacket(new SendPacketRequest().totalAmount(500L).count(0), null));

        assertThat(unauthenticated.getCode()).isEqualTo(401);
        assertThat(unauthenticated.getResponseBody()).contains("\"code\":\"UNAUTHENTICATED\"");
        assertThat(notFound.getCode()).isEqualTo(404);
        assertThat(notFound.getResponseBody()).contains("\"code\":\"NOT_FOUND\"");
        assertThat(insufficient.getCode()).isEqualTo(409);
        assertThat(insufficient.getResponseBody()).contains("\"code\":\"INSUFFICIENT_FUNDS\"");
        assertThat(invalid.getCode()).isEqualTo(400);
        assertThat(invalid.getResponseBody()).contains("\"code\":\"VALIDATION_FAILED\"");
    }

    private WheelView wheel() throws ApiException {
        OffsetDateTime now = OffsetDateTime.now();
        return new LotteryWheelsApi(client(ADMIN, true))
                .createWheel(new CreateWheelRequest()
                        .name("春节")
                        .drawCost(10L)
                        .consolation(new ConsolationRequest().name("福").points(1L))
                        .prizes(List.of(new PrizeRequest().name("Mug").stock(50L)))
                        .startsAt(now.minusDays(2))
                        .endsAt(now.minusHours(1)));
    }

    private DrawView awaitOutcome(LotteryWheelsApi lottery, String wheel, String key) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            ApiResponse<DrawView> repeat = lottery.drawWithHttpInfo(wheel, key);
            if (repeat.getStatusCode() == 200) {
                return repeat.getData();
            }
            if (System.nanoTime() > until) {
                throw new AssertionError("the pending draw had no outcome after 30 s");
            }
            Thread.sleep(500);
        }
    }

    /** An API client signed in as {@code user}, talking to the service under test. */
    private ApiClient client(long user, boolean admin) {
        String token = tokens.issue(user, admin, Duration.ofHours(1));
        return new ApiClient()
                .setHost("127.0.0.1")
                .setPort(port())
                .setReadTimeout(Duration.ofSeconds(30))
                .setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
    }

    private int port() {
        return java.net.URI.create(service.baseUrl()).getPort();
    }

    private long newUser() {
        return nextUser++;
    }

    /** CLIENT PAUSE ... WRITE on the service's Redis: its scripts wait, reads go on. */
    private void pauseRedisWrites(Duration pause) {
        redis("PAUSE", String.valueOf(pause.toMillis()), "WRITE");
    }

    private void unpauseRedis() {
        redis("UNPAUSE");
    }

    private void redis(String... clientArguments) {
        RedisClient client = RedisClient.create(servers.redisUrl());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            CommandArgs<String, String> args = new CommandArgs<>(StringCodec.UTF8);
            for (String argument : clientArguments) {
                args.add(argument);
            }
            connection.sync().dispatch(CommandType.CLIENT, new StatusOutput<>(StringCodec.UTF8), args);
        } finally {
            client.shutdown();
        }
    }
}
