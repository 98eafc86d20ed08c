package io.hongbao.bench;

import io.hongbao.platform.storage.StorageSettings;
import java.time.Duration;
import org.springframework.util.unit.DataSize;

/**
 * The Redis settings of a bench's embedded Redis (or of an external one, {@code url} set). The bench measures
 * throughput, not admission (ADR 0067): its maxmemory is far above what a run holds, so no bench meets the service's
 * memory threshold; the threshold and sampling are the service's defaults.
 */
public final class BenchRedis {

    private static final DataSize MAX_MEMORY = DataSize.ofGigabytes(8);

    private BenchRedis() {}

    public static StorageSettings.Redis settings(String url) {
        return new StorageSettings.Redis(
                url,
                null,
                MAX_MEMORY,
                new StorageSettings.Admission(90, Duration.ofMillis(200)),
                new StorageSettings.Topology(Duration.ofSeconds(10), Duration.ofSeconds(1), 5),
                new StorageSettings.Retry(Duration.ofSeconds(2), Duration.ofMillis(20)));
    }
}
