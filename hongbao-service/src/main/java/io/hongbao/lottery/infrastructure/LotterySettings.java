package io.hongbao.lottery.infrastructure;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.lottery.*}: how the lottery's workers run.
 *
 * @param fillInterval how often the pool filler looks for hours to place
 * @param fillLookahead how far ahead of an hour its units are placed and published
 * @param republishAfter an hour still unpublished this long after it was placed is published again (a crash or a
 *     Redis outage interrupted it)
 * @param recoveryInterval how often pending draws are looked for
 * @param recoveryGrace a draw pending this long is finished by the recovery worker (its request has died)
 * @param rememberOutcomes how long Redis keeps a wheel's draw outcomes after its latest draw (far longer than any
 *     draw stays pending)
 * @param batchSize wheels, hours or draws handled per worker pass
 * @param workersEnabled false stops both workers (tests that drive them by hand)
 * @param cachedWheels how many wheel definitions each instance keeps in memory
 */
@ConfigurationProperties("hongbao.lottery")
public record LotterySettings(
        Duration fillInterval,
        Duration fillLookahead,
        Duration republishAfter,
        Duration recoveryInterval,
        Duration recoveryGrace,
        Duration rememberOutcomes,
        int batchSize,
        Boolean workersEnabled,
        long cachedWheels) {

    public LotterySettings {
        fillInterval = orDefault(fillInterval, Duration.ofSeconds(10));
        fillLookahead = orDefault(fillLookahead, Duration.ofHours(1));
        republishAfter = orDefault(republishAfter, Duration.ofSeconds(30));
        recoveryInterval = orDefault(recoveryInterval, Duration.ofSeconds(2));
        recoveryGrace = orDefault(recoveryGrace, Duration.ofSeconds(5));
        rememberOutcomes = orDefault(rememberOutcomes, Duration.ofDays(7));
        batchSize = batchSize <= 0 ? 100 : batchSize;
        workersEnabled = workersEnabled == null || workersEnabled;
        cachedWheels = cachedWheels <= 0 ? 10_000 : cachedWheels;
    }

    private static Duration orDefault(Duration value, Duration fallback) {
        return value == null || value.isNegative() || value.isZero() ? fallback : value;
    }
}
