package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AnnouncedServersTest {

    private static final long MAX_MEMORY = 64L << 20;

    private final CompletableFuture<EmbeddedServers> starting = new CompletableFuture<>();

    @Test
    void theAddressesOfTheWantedServersAreNamedBeforeTheServersHaveStarted() {
        AnnouncedServers both =
                new AnnouncedServers("s", new ServersWanted(Path.of("d"), true, true, MAX_MEMORY), starting);
        AnnouncedServers redisOnly =
                new AnnouncedServers("s", new ServersWanted(Path.of("d"), true, false, MAX_MEMORY), starting);

        assertThat(both.getPropertyNames())
                .containsExactly(
                        AnnouncedServers.REDIS_URL,
                        AnnouncedServers.JDBC_URL,
                        AnnouncedServers.DB_USER,
                        AnnouncedServers.DB_PASSWORD);
        assertThat(both.containsProperty(AnnouncedServers.JDBC_URL)).isTrue();
        assertThat(redisOnly.containsProperty(AnnouncedServers.JDBC_URL)).isFalse();
        assertThat(starting).isNotDone();
    }

    @Test
    void readingAnAddressWaitsForTheStartAndOtherNamesNeverWait() throws Exception {
        AnnouncedServers announced =
                new AnnouncedServers("s", new ServersWanted(Path.of("d"), false, false, 0), starting);
        CompletableFuture<Object> reader =
                CompletableFuture.supplyAsync(() -> announced.getProperty(AnnouncedServers.REDIS_URL));

        assertThat(announced.getProperty("server.port")).isNull();
        assertThat(reader).as("the read of an address before the start is done").isNotDone();
        // servers started with nothing in them: the read now returns, and says there is no Redis
        starting.complete(EmbeddedServers.start(new ServersWanted(Path.of("d"), false, false, 0)));
        assertThatThrownBy(() -> reader.get(10, TimeUnit.SECONDS))
                .hasRootCauseMessage("No embedded Redis was started: an external one is configured");
    }

    @Test
    void aFailedStartIsThrownToTheReaderAsTheServersOwnError() {
        AnnouncedServers announced =
                new AnnouncedServers("s", new ServersWanted(Path.of("d"), true, true, MAX_MEMORY), starting);
        starting.completeExceptionally(new IllegalStateException("Could not start the embedded MariaDB in d"));

        assertThatThrownBy(() -> announced.getProperty(AnnouncedServers.JDBC_URL))
                .isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("Could not start the embedded MariaDB in d");
    }
}
