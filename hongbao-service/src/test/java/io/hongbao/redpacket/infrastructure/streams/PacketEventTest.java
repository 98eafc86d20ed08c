package io.hongbao.redpacket.infrastructure.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent.Grab;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent.Refund;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PacketEventTest {

    private static final PacketId P = new PacketId("0abc");
    private static final PacketId Q = new PacketId("0xyz");
    private static final Instant AT = Instant.ofEpochMilli(1_790_000_000_123L);

    @Test
    void oneEntryOfAScriptCallExpandsIntoOneGrabPerGrantInOrder() {
        var events = PacketEvent.parse(
                "5-0", Map.of("k", "grabs", "t", "1790000000123", "g", "0abc:7:120:0;0xyz:8:1:3;0abc:9:55:1"));

        assertThat(events)
                .containsExactly(
                        new Grab("5-0", P, UserId.of(7), 0, 120, AT),
                        new Grab("5-0", Q, UserId.of(8), 3, 1, AT),
                        new Grab("5-0", P, UserId.of(9), 1, 55, AT));
    }

    @Test
    void aRefundEntryReadsAsOneRefund() {
        var events =
                PacketEvent.parse("6-0", Map.of("k", "refund", "p", "0abc", "u", "3", "a", "0", "t", "1790000000123"));

        assertThat(events).containsExactly(new Refund("6-0", P, UserId.of(3), 0, AT));
    }

    @Test
    void entriesTheScriptsDoNotWriteAreRefused() {
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1", "g", "0abc:7:120")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1", "g", "")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> PacketEvent.parse("1-0", Map.of("k", "draw", "p", "0abc", "u", "7", "a", "1", "t", "1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse(
                        "1-0", Map.of("k", "grab", "p", "0abc", "u", "7", "a", "120", "s", "0", "t", "1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void grantsAndRefundsNoScriptCouldHaveDecidedAreRefused() {
        // Every share is at least a cent, shares count from 0, a refund is never negative (invariant 2).
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1", "g", "0abc:7:0:0")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1", "g", "0abc:7:-5:0")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "grabs", "t", "1", "g", "0abc:7:5:-1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        PacketEvent.parse("1-0", Map.of("k", "refund", "p", "0abc", "u", "3", "a", "-1", "t", "1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PacketEvent.parse("1-0", Map.of("k", "refund", "u", "3", "a", "1", "t", "1")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
