package io.hongbao.bench.start;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.Workload;
import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.http.measure.LoadRun;
import java.time.Duration;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A few seconds of grabs without a valid token (each answered 401 at once, nothing changed) against the first start,
 * before it stops: the bench's own HTTP client and load loop are then compiled and warm when the restart's load
 * begins, so the restart's first seconds measure the service's warm-up and not the bench's. Done at every first
 * start, so each target meets the same bench.
 */
final class ClientWarmUp implements Workload {

    static final Duration LENGTH = Duration.ofSeconds(3);
    private static final Grab UNAUTHENTICATED = new Grab(Workload.grabPath("bench-client-warm-up"), "Bearer none");

    private ClientWarmUp() {}

    static void run(String baseUrl, int connections) throws Exception {
        LoadSettings settings = new LoadSettings(connections, Duration.ZERO, LENGTH, 0, Duration.ofSeconds(5), 2);
        try (GrabClient client = new GrabClient(baseUrl, settings)) {
            new LoadRun(client, new ClientWarmUp(), settings, new CpuMeter(Map.of()), "target", () -> -1)
                    .execute("bench client warm-up");
        }
    }

    @Override
    public Grab next(RandomGenerator random) {
        return UNAUTHENTICATED;
    }

    @Override
    public long freshAttempts() {
        return 0;
    }

    @Override
    public long capacity() {
        return 0;
    }

    @Override
    public long attemptsPastCapacity() {
        return 0;
    }
}
