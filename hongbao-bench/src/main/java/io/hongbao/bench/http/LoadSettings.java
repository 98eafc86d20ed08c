package io.hongbao.bench.http;

import java.time.Duration;

/**
 * How one target is loaded.
 *
 * @param rate requests per second over all connections (open model), or 0 for a closed loop
 */
record LoadSettings(
        int connections, Duration warmup, Duration duration, double rate, Duration timeout, int clientThreads) {

    boolean closedLoop() {
        return rate <= 0;
    }
}
