package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.Target;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code bench http --baseline annotated-controller} starts the service's own jar with the bench's annotated grab
 * controller in place of the functional route, in a Redis and a MariaDB database of its own, and the grab answers as
 * the contract says. Runs after {@code package}: it needs the service's executable jar and the controller's jar.
 */
class AnnotatedControllerBaselineIT {

    private static final Path SERVICE_JAR = Path.of("..", "hongbao-service", "target", "hongbao-exec.jar");
    private static final Path CONTROLLER_JAR = Path.of("target", "hongbao-bench-annotated-controller.jar");

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theBaselineServesTheGrabByTheAnnotatedControllerInsteadOfTheRoute(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "--skip-hongbao",
                "--skip-peer",
                "--baseline",
                "annotated-controller",
                "--service-jar",
                SERVICE_JAR.toString(),
                "--annotated-controller-jar",
                CONTROLLER_JAR.toString(),
                "--jvm-args",
                // The swap of the grab's handler is under test, not the speed: no warm-up, and C1 only (a start
                // with both compilers costs about twice the CPU, ADR 0090).
                "-Xmx384m -XX:TieredStopAtLevel=1 -Dhongbao.redpacket.warm-up.enabled=false"));
        if ("external".equals(System.getProperty("hongbao.test.mode"))) {
            args.addAll(List.of(
                    "--redis-url", "redis://127.0.0.1:6379/9", "--db-url", "jdbc:mariadb://127.0.0.1:3306/bench_it"));
        }
        HttpCommand options = new HttpCommand();
        new CommandLine(options).parseArgs(args.toArray(String[]::new));
        options.validate();

        try (BenchEnvironment environment = BenchEnvironment.start(options, dir)) {
            assertThat(environment.targets())
                    .singleElement()
                    .satisfies(target -> assertThat(target.name()).isEqualTo(HongbaoTarget.ANNOTATED_TARGET));
            Target target = environment.targets().get(0);
            String packet = target.createPackets(1, 2, 100).get(0);
            String token = environment.tokens().issue(1_000_001L, false, Duration.ofMinutes(5));

            HttpResponse<String> grab = send(target, "POST", "/api/v1/packets/" + packet + "/grab", token);
            assertThat(grab.statusCode()).isEqualTo(200);
            assertThat(grab.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(JsonMapper.shared().readTree(grab.body()).path("outcome").asString())
                    .isEqualTo("GRABBED");
            assertThat(send(target, "POST", "/api/v1/packets/" + packet + "/grab", token)
                            .body())
                    .contains("\"outcome\":\"ALREADY_GRABBED\"");
            assertThat(send(target, "GET", "/api/v1/packets/" + packet + "/grab", token)
                            .statusCode())
                    .isEqualTo(405);

            // The annotated controller describes the operation, and the route's own timers were never registered.
            JsonNode docs = JsonMapper.shared()
                    .readTree(send(target, "GET", "/v3/api-docs", null).body());
            assertThat(docs.path("paths")
                            .path("/api/v1/packets/{id}/grab")
                            .path("post")
                            .path("tags")
                            .get(0)
                            .asString())
                    .isEqualTo("annotated-grab-controller");
            assertThat(send(target, "GET", "/actuator/prometheus", null).body())
                    .doesNotContain("hongbao_grab_requests");
        }
    }

    private HttpResponse<String> send(Target target, String method, String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
