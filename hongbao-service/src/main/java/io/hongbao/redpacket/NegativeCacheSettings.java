package io.hongbao.redpacket;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.redpacket.negative-cache.*}: how long an instance remembers that the database does not know a packet
 * id, so that grabs of it cost no query meanwhile (docs/design.md, The hot path: a grab).
 *
 * @param rememberFor how long a "no such packet" answer of the database is reused; 0 asks every time
 * @param maxIds the most ids remembered at once (the oldest make room)
 */
@ConfigurationProperties("hongbao.redpacket.negative-cache")
public record NegativeCacheSettings(Duration rememberFor, long maxIds) {

    public NegativeCacheSettings {
        rememberFor = rememberFor == null ? Duration.ofSeconds(3) : rememberFor;
        if (rememberFor.isNegative()) {
            throw new IllegalArgumentException("hongbao.redpacket.negative-cache.remember-for must not be negative");
        }
        maxIds = maxIds <= 0 ? 100_000 : maxIds;
    }
}
