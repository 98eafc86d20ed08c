package io.hongbao.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * User ids are 1 to 2^53 − 1 (ADR 0094): the largest is served and read back as itself, one more is refused in a path
 * and in a body, and the document declares the bound on every user id it describes.
 */
class UserIdRangeIT extends IntegrationTest {

    private static final long LARGEST = 9_007_199_254_740_991L;

    @Test
    void theLargestUserIdIsServedAndReadBackAsItself() {
        api().deposit(LARGEST, 300).expectStatus().isOk();

        String account = new String(
                api().account(LARGEST)
                        .expectStatus()
                        .isOk()
                        .expectBody()
                        .returnResult()
                        .getResponseBody(),
                java.nio.charset.StandardCharsets.UTF_8);

        assertThat(account).contains("\"userId\":9007199254740991");
        // what a JavaScript client does with it: a double, which holds it exactly
        assertThat((long) JsonMapper.shared().readTree(account).path("userId").asDouble())
                .isEqualTo(LARGEST);
    }

    @Test
    void oneMoreIsRefusedInAPathAndInABodyAndNothingChanges() {
        long user = newUser();

        api().deposit(LARGEST + 1, 300)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .value(message -> assertThat((String) message).contains("9007199254740991"));
        new RedPacketApi(http, this::tokenFor)
                .createGroup(user, "too far", List.of(LARGEST + 1))
                .expectStatus()
                .isBadRequest();

        api().getAs(user, "/api/v1/me/groups")
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.items.length()")
                .isEqualTo(0);
    }

    @Test
    void theDocumentBoundsEveryUserIdItDescribes() {
        JsonNode schemas = apiDocument().path("components").path("schemas");
        List<String> bounded = new ArrayList<>();
        for (String[] field : new String[][] {
            {"AccountView", "userId"},
            {"GrabView", "userId"},
            {"PacketView", "senderId"},
            {"PacketView", "luckiestUserId"},
            {"PacketSummaryView", "senderId"},
            {"MyGrabView", "senderId"},
            {"DemoToken", "userId"},
            {"DemoTokenRequest", "userId"}
        }) {
            JsonNode property = schemas.path(field[0]).path("properties").path(field[1]);
            assertThat(property.path("maximum").asLong())
                    .as(field[0] + "." + field[1])
                    .isEqualTo(LARGEST);
            bounded.add(field[0] + "." + field[1]);
        }
        assertThat(schemas.at("/GroupView/properties/members/items/maximum").asLong())
                .isEqualTo(LARGEST);
        assertThat(schemas.at("/CreateGroupRequest/properties/members/items/maximum")
                        .asLong())
                .isEqualTo(LARGEST);
        assertThat(bounded).hasSize(8);
    }
}
