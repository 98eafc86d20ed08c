package io.hongbao.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where a bench run keeps its logs, data and report. */
public final class BenchResults {

    private BenchResults() {}

    /** {@code given} when the user named one, else {@code bench-results/<kind>-<yyyyMMdd-HHmmss>}; created. */
    public static Path folder(Path given, String kind) throws IOException {
        Path folder = given != null
                ? given
                : Path.of(
                        "bench-results",
                        kind + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        return Files.createDirectories(folder);
    }
}
