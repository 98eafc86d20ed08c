package io.hongbao.platform.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.hongbao.support.ProcessApi;
import io.hongbao.support.ServiceProcess;
import io.hongbao.support.TestStorage;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default mode across restarts of the whole JVM: a clean stop keeps every balance, and after a
 * {@code kill -9} (which leaves the embedded servers behind as orphans) the next start still comes up with the data.
 */
class ServiceRestartIT {

    @TempDir
    Path dataDir;

    @BeforeEach
    void onlyInTheEmbeddedRun() {
        assumeFalse(TestStorage.external(), "the embedded run covers restarts; the external run tests other storage");
    }

    @Test
    void aRestartOnTheSameDataKeepsBalances() throws Exception {
        long user = 7;
        try (ServiceProcess service = ServiceProcess.start(dataDir, Map.of())) {
            var deposit = new ProcessApi(service, dataDir)
                    .post(1, true, "/api/v1/admin/accounts/" + user + "/deposits", "{\"amount\": 12345}");
            assertThat(deposit.statusCode()).isEqualTo(200);
        }

        try (ServiceProcess again = ServiceProcess.start(dataDir, Map.of())) {
            var account = new ProcessApi(again, dataDir).get(user, false, "/api/v1/me/account");
            assertThat(account.statusCode()).isEqualTo(200);
            assertThat(account.body()).contains("\"balance\":12345");
        }
    }

    @Test
    void theServiceComesUpAfterKill9AndKeepsWhatItAnswered() throws Exception {
        long user = 8;
        ServiceProcess first = ServiceProcess.start(dataDir, Map.of());
        try {
            var deposit = new ProcessApi(first, dataDir)
                    .post(1, true, "/api/v1/admin/accounts/" + user + "/deposits", "{\"amount\": 777}");
            assertThat(deposit.statusCode()).isEqualTo(200);
        } finally {
            first.killHard();
        }

        try (ServiceProcess again = ServiceProcess.start(dataDir, Map.of())) {
            var account = new ProcessApi(again, dataDir).get(user, false, "/api/v1/me/account");
            assertThat(account.body()).contains("\"balance\":777");
        }
    }
}
