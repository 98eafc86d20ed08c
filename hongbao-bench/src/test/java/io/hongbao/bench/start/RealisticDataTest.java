package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RealisticDataTest {

    @Test
    void theEmbeddedDatabaseIsWhereTheServicesLogSaysMariaDbIsReady() {
        String log = "2026-01-01T10:00:01.000Z  INFO 1 --- [main] i.h.embedded.EmbeddedRedis : Embedded Redis ready on"
                + " 127.0.0.1:40001, data in /d/redis (started in 20 ms)\n"
                + "2026-01-01T10:00:05.000Z  INFO 1 --- [main] i.h.embedded.EmbeddedMariaDb : Embedded MariaDB ready on"
                + " 127.0.0.1:40123, data in /d/mariadb/data (started in 4000 ms)\n";
        assertThat(RealisticData.embeddedJdbcUrl(log)).contains("jdbc:mariadb://127.0.0.1:40123/hongbao");
    }

    @Test
    void aServiceOnAnExternalDatabaseNamesNone() {
        assertThat(RealisticData.embeddedJdbcUrl("Started HongbaoApplication in 9.1 seconds"))
                .isEmpty();
    }
}
