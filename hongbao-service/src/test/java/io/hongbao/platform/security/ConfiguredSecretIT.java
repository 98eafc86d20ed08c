package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.hongbao.support.ProcessApi;
import io.hongbao.support.ServiceProcess;
import io.hongbao.support.TestStorage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/api.md, Authentication: tokens are signed with the secret configured as {@code HONGBAO_JWT_SECRET}. Started as a
 * separate JVM so the environment variable itself is what configures it — exactly how an operator (or a black-box test)
 * does it.
 */
class ConfiguredSecretIT {

    /** 40 bytes: HS256 needs at least 32 (RFC 7518 §3.2). */
    private static final String SECRET = "a-configured-secret-of-forty-bytes-long!";

    @TempDir
    Path dataDir;

    @Test
    void tokensSignedWithTheConfiguredSecretAreAcceptedAndOthersAreNot() throws Exception {
        assumeFalse(TestStorage.external(), "the embedded run covers this; it starts its own servers");
        try (ServiceProcess service = ServiceProcess.start(dataDir, Map.of("HONGBAO_JWT_SECRET", SECRET))) {
            var configured = new ProcessApi(service, new JwtSecret(SECRET.getBytes(StandardCharsets.UTF_8)));
            var deposit = configured.post(1, true, "/api/v1/admin/accounts/5/deposits", "{\"amount\": 100}");
            assertThat(deposit.statusCode()).isEqualTo(200);
            assertThat(configured.get(5, false, "/api/v1/me/account").body()).contains("\"balance\":100");

            var generated = new ProcessApi(service, dataDir);
            var refused = generated.get(5, false, "/api/v1/me/account");
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.body()).contains("UNAUTHENTICATED");
        }
    }

    @Test
    void aSecretShorterThan32BytesRefusesToStartAndSaysWhichSettingNeedsHowManyBytes() throws Exception {
        assumeFalse(TestStorage.external(), "the embedded run covers this; it starts its own servers");

        ServiceProcess.Exited exited = ServiceProcess.startExpectingExit(
                dataDir, Map.of("HONGBAO_JWT_SECRET", "short-secret"), Duration.ofMinutes(2));

        assertThat(exited.code()).isNotZero();
        assertThat(exited.log())
                .contains("HONGBAO_JWT_SECRET")
                .contains("hongbao.security.jwt-secret")
                .contains("12 bytes")
                .contains("at least 32 bytes");
    }
}
