package io.hongbao.bench.lottery;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hongbao-bench draws}: the lottery's draw throughput through HTTP against a running service. It creates a
 * wheel whose campaign is two thirds over (so draws win released prizes, then consolations), gives every user enough
 * points, warms up, then sends a fixed number of draws with a bounded number in flight and reports draws per second
 * and latencies. Afterwards it checks the wheel's {@code won} against the prizes the answers reported.
 */
@Command(
        name = "draws",
        mixinStandardHelpOptions = true,
        description = "Lottery draw throughput through HTTP against a running service.")
public final class DrawsCommand implements Callable<Integer> {

    @Option(
            names = "--url",
            defaultValue = "http://localhost:8080",
            description = "the service (default ${DEFAULT-VALUE})")
    String url;

    @Option(
            names = "--jwt-secret",
            defaultValue = "${env:HONGBAO_JWT_SECRET}",
            required = true,
            description = "the service's HS256 secret, to sign tokens (default: $HONGBAO_JWT_SECRET)")
    String secret;

    @Option(names = "--draws", defaultValue = "5000", description = "measured draws (default ${DEFAULT-VALUE})")
    int draws;

    @Option(
            names = "--warmup",
            defaultValue = "1000",
            description = "draws before measuring (default ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--concurrency", defaultValue = "64", description = "draws in flight (default ${DEFAULT-VALUE})")
    int concurrency;

    /**
     * Enough drawers that none of them meets the service's per-user draw limit (20 at once, 10/s by default): the
     * warm-up and the measured draws together are 6 per user. With fewer, run the service with
     * {@code HONGBAO_RATELIMITS_PERUSER_DRAW_ENABLED=false}.
     */
    @Option(
            names = "--users",
            defaultValue = "1000",
            description = "distinct drawers, enough to stay under the service's per-user draw limit"
                    + " (default ${DEFAULT-VALUE})")
    int users;

    @Option(
            names = "--stock",
            defaultValue = "3000",
            description = "prize units on the wheel (default ${DEFAULT-VALUE})")
    int stock;

    @Override
    public Integer call() throws Exception {
        TokenIssuer tokens = new TokenIssuer(new JwtSecret(secret.getBytes(StandardCharsets.UTF_8)));
        DrawLoad load = new DrawLoad(url, tokens, concurrency);
        String wheel = load.createWheel(stock);
        long firstUser = load.usersWithPoints(users, 10L * (warmup + draws) / users + 100);
        System.out.printf("wheel %s, %d users, %d in flight%n", wheel, users, concurrency);
        load.run(wheel, firstUser, users, warmup);
        DrawLoad.Result result = load.run(wheel, firstUser, users, draws);
        System.out.println(result.report());
        long won = load.wonOn(wheel);
        System.out.printf(
                "check: wheel reports %d units won; answers reported %d (warm-up included)%n", won, load.prizes());
        return won == load.prizes() && result.errors() == 0 ? 0 : 1;
    }

    static Duration timeout() {
        return Duration.ofSeconds(30);
    }
}
