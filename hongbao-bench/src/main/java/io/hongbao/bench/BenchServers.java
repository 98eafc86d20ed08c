package io.hongbao.bench;

import io.hongbao.embedded.EmbeddedServers;
import io.hongbao.embedded.ServersWanted;
import java.nio.file.Path;
import org.springframework.util.unit.DataSize;

/**
 * The servers a bench runs on: the ones it is given, and an embedded one of each kind it is not. The bench measures
 * throughput, not admission (ADR 0067): an embedded Redis' maxmemory is far above what a run holds, so no bench meets
 * the service's memory threshold.
 */
public final class BenchServers {

    private static final DataSize MAX_MEMORY = DataSize.ofGigabytes(8);

    private BenchServers() {}

    /**
     * @param redisUrl an existing Redis, or null to start one in {@code folder}
     * @param jdbcUrl an existing database, or null to start a MariaDB in {@code folder}
     */
    public static EmbeddedServers startWhatIsNotGiven(Path folder, String redisUrl, String jdbcUrl) {
        return EmbeddedServers.start(new ServersWanted(folder, blank(redisUrl), blank(jdbcUrl), MAX_MEMORY.toBytes()));
    }

    private static boolean blank(String url) {
        return url == null || url.isBlank();
    }
}
