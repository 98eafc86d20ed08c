package io.hongbao.redpacket.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.redpacket.model.PacketId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PacketKeysTest {

    private static final Pattern TAG = Pattern.compile("\\{([^}]*)}");

    @Test
    void everyKeyOfAGrabSharesOneHashTagWithItsShardStream() {
        PacketKeys keys = new PacketKeys(16);
        for (int i = 0; i < 1_000; i++) {
            PacketId id = PacketId.generate();
            Set<String> tags = new HashSet<>();
            for (String key : List.of(
                    keys.packet(id),
                    keys.shares(id),
                    keys.grabbed(id),
                    keys.members(id),
                    keys.stream(id),
                    keys.expiry(id),
                    keys.deadLetters(keys.shardOf(id)))) {
                tags.add(tag(key));
            }
            assertThat(tags).containsExactly(Integer.toString(keys.shardOf(id)));
        }
    }

    @Test
    void theShardOfAPacketIsStableAndSpreadsPacketsOverAllShards() {
        PacketKeys keys = new PacketKeys(16);
        assertThat(keys.shardOf(new PacketId("0123456789abcdefghjk")))
                .isEqualTo(keys.shardOf(new PacketId("0123456789abcdefghjk")));
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            int shard = keys.shardOf(PacketId.generate());
            assertThat(shard).isBetween(0, 15);
            used.add(shard);
        }
        assertThat(used).hasSize(16);
    }

    private static String tag(String key) {
        Matcher m = TAG.matcher(key);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }
}
