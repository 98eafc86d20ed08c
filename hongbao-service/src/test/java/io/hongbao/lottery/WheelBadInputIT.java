package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.TestStorage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** Every bad wheel creation gets 400 VALIDATION_FAILED (or 403 without the admin role) and stores nothing. */
@Tag(TestStorage.SERVER_INDEPENDENT)
class WheelBadInputIT extends IntegrationTest {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JsonMapper json;

    static Stream<Arguments> badFields() {
        List<Arguments> cases = new ArrayList<>();
        for (Object name : Arrays.asList(null, "", "   ", "x".repeat(101), 12)) {
            cases.add(field("name", name));
        }
        cases.add(without("name"));
        for (Object cost : Arrays.asList(null, 0, -1, 1.5, "10", 1_000_000_001L, 99999999999999999999.0)) {
            cases.add(field("drawCost", cost));
        }
        cases.add(without("drawCost"));
        cases.add(without("consolation"));
        for (Object consolation : Arrays.asList(
                null,
                "points",
                Map.of("name", "", "points", 1),
                Map.of("name", "x"),
                Map.of("points", 1),
                Map.of("name", "x", "points", -1),
                Map.of("name", "x", "points", 1.5),
                Map.of("name", "x", "points", 1, "extra", 1))) {
            cases.add(field("consolation", consolation));
        }
        cases.add(without("prizes"));
        for (Object prizes : Arrays.asList(
                null,
                List.of(),
                Arrays.asList((Object) null),
                List.of(Map.of("name", "", "stock", 1)),
                List.of(Map.of("name", "x", "stock", -1)),
                List.of(Map.of("name", "x")),
                List.of(Map.of("stock", 1)),
                List.of(Map.of("name", "x", "stock", 1.5)),
                List.of(Map.of("name", "x", "stock", "3")),
                List.of(Map.of("name", "x", "stock", 1_000_001)),
                List.of(Map.of("name", "x", "stock", 600_000), Map.of("name", "y", "stock", 600_000)),
                List.of(Map.of("name", "x", "stock", 1, "id", "p1")),
                Map.of("name", "x", "stock", 1))) {
            cases.add(field("prizes", prizes));
        }
        cases.add(without("startsAt"));
        cases.add(without("endsAt"));
        for (Object time : Arrays.asList(null, "yesterday", "2030-01-01", "2030-01-01T00:00:00", 1_893_456_000)) {
            cases.add(field("startsAt", time));
        }
        cases.add(field("endsAt", START.toString())); // empty campaign
        cases.add(field("endsAt", START.minusSeconds(1).toString())); // ends before it starts
        cases.add(field("endsAt", START.plus(Duration.ofDays(367)).toString())); // longer than a year and a day
        for (Object weights : Arrays.asList(
                Map.of("24", 1.0),
                Map.of("-1", 1.0),
                Map.of("x", 1.0),
                Map.of("05", 1.0),
                Map.of("", 1.0),
                Map.of("3", -1.0),
                Map.of("3", "2"),
                Map.of("3", true),
                Map.of("3", 1_000_001.0),
                nullWeight(),
                List.of(1.0),
                "3:1.0")) {
            cases.add(field("hourlyWeights", weights));
        }
        cases.add(field("color", "red")); // unknown field
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFields")
    void rejectsABadFieldAndStoresNothing(String description, Consumer<Map<String, Object>> change) {
        Map<String, Object> body = validBody();
        change.accept(body);

        expectRejected(json.writeValueAsString(body));
    }

    @ParameterizedTest(name = "body {0}")
    @ValueSource(
            strings = {
                "{\"name\": \"w\"", // truncated
                "[]",
                "not json",
                "",
                "{\"hourlyWeights\": {\"3\": 1e999}}",
            })
    void rejectsAMalformedBodyAndStoresNothing(String body) {
        expectRejected(body);
    }

    @org.junit.jupiter.api.Test
    void rejectsACreationWithoutTheAdminRoleAndStoresNothing() {
        Map<String, Long> before = counts();

        api().postAs(newUser(), "/api/v1/admin/wheels", validBody())
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");

        assertThat(counts()).isEqualTo(before);
    }

    @org.junit.jupiter.api.Test
    void theValidBodyOfTheseTestsIsAccepted() {
        new LotteryApi(api(), http).createWheel(validBody()).expectStatus().isCreated();
    }

    private void expectRejected(String body) {
        Map<String, Long> before = counts();

        api().postRaw(api().adminToken(), "/api/v1/admin/wheels", body, new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .isNotEmpty();

        assertThat(counts()).isEqualTo(before);
    }

    private Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : List.of("lottery_wheels", "lottery_prizes", "lottery_hours", "lottery_units")) {
            counts.put(
                    table,
                    jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single());
        }
        return counts;
    }

    private static Map<String, Object> validBody() {
        Map<String, Object> body = LotteryApi.wheelBody(START, START.plus(Duration.ofDays(3)), Map.of("Phone", 2));
        return new HashMap<>(body);
    }

    private static Arguments field(String field, Object value) {
        Consumer<Map<String, Object>> change = body -> body.put(field, value);
        return Arguments.of(field + " = " + value, change);
    }

    private static Arguments without(String field) {
        Consumer<Map<String, Object>> change = body -> body.remove(field);
        return Arguments.of("no " + field, change);
    }

    private static Map<String, Object> nullWeight() {
        Map<String, Object> weights = new HashMap<>();
        weights.put("3", null);
        return weights;
    }
}
