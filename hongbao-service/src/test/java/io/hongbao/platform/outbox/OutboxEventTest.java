package io.hongbao.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class OutboxEventTest {

    private static final Instant AT = Instant.parse("2026-11-28T10:00:00.123Z");

    @Test
    void anEventIsOneJsonObjectWithItsFieldsInTheOrderGivenAndMoneyAsWholeCents() {
        OutboxEvent event = OutboxEvent.of("t:1", "t", "user:7", AT)
                .field("account", "user:7")
                .field("amountCents", -125)
                .field("inTransit", true)
                .field("skipped", (String) null)
                .build();

        assertThat(event.key()).isEqualTo("user:7");
        assertThat(event.json())
                .isEqualTo("{\"id\":\"t:1\",\"type\":\"t\",\"occurredAt\":\"2026-11-28T10:00:00.123Z\","
                        + "\"account\":\"user:7\",\"amountCents\":-125,\"inTransit\":true}");
    }

    @Test
    void quotesBackslashesAndControlCharactersAreEscaped() {
        OutboxEvent event = OutboxEvent.of("a\"b\\c\n", "t", "user:7", AT).build();

        assertThat(event.json()).startsWith("{\"id\":\"a\\\"b\\\\c\\u000a\",");
    }

    @Test
    void thePublishedValueIsTheEventWithItsShardAndPositionInFrontTheSameOnEveryCall() {
        OutboxRow row = new OutboxRow(42, "user:7", "{\"id\":\"x\"}", AT);

        assertThat(row.published(3)).isEqualTo("{\"shard\":3,\"position\":42,\"id\":\"x\"}");
        assertThat(row.published(3)).isEqualTo(row.published(3));
    }

    @Test
    void somethingOtherThanAJsonObjectIsRefused() {
        assertThatThrownBy(() -> new OutboxEvent("user:7", AT, "[1]")).isInstanceOf(IllegalArgumentException.class);
    }
}
