package io.hongbao.bench.http.load;

import java.time.Duration;

/**
 * How one target is loaded.
 *
 * @param rate requests per second over all connections (open model), or 0 for a closed loop
 */
public record LoadSettings(
        int connections, Duration warmup, Duration duration, double rate, Duration timeout, int clientThreads) {

    public boolean closedLoop() {
        return rate <= 0;
    }
}
