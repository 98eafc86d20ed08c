package io.hongbao.redpacket.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.redpacket.RedPacketSettings.ShardTags;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.cluster.SlotHash;
import java.util.Arrays;
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
        PacketKeys keys = new PacketKeys(256);
        for (int i = 0; i < 1_000; i++) {
            PacketId id = PacketId.generate();
            int shard = keys.shardOf(id);
            Set<Integer> slots = new HashSet<>();
            for (String key : List.of(
                    keys.packet(id),
                    keys.shares(id),
                    keys.grabbed(id),
                    keys.members(id),
                    keys.stream(id),
                    keys.expiry(id),
                    keys.deadLetters(shard))) {
                slots.add(SlotHash.getSlot(key));
            }
            assertThat(slots).containsExactly(keys.slot(shard));
        }
    }

    @Test
    void theLegacySchemeTagsEachShardWithItsNumberAsDataWrittenBeforeAdr0071Has() {
        PacketKeys keys = new PacketKeys(16, ShardTags.LEGACY);
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

    @Test
    void evenTagsPutShardIOfNInTheIthOfNEqualSlotRangesAndAreTheSameEveryTime() {
        for (int shards : new int[] {1, 3, 16, 256, 1000, 16_384}) {
            PacketKeys keys = new PacketKeys(shards);
            Set<String> tags = new HashSet<>();
            for (int shard = 0; shard < shards; shard++) {
                long lower = (long) shard * PacketKeys.SLOTS / shards;
                long upper = (long) (shard + 1) * PacketKeys.SLOTS / shards;
                assertThat((long) keys.slot(shard))
                        .as("shard %d of %d", shard, shards)
                        .isBetween(lower, upper - 1);
                tags.add(tag(keys.stream(shard)));
            }
            assertThat(tags).hasSize(shards);
        }
        PacketKeys once = new PacketKeys(256);
        PacketKeys again = new PacketKeys(256);
        for (int shard = 0; shard < 256; shard++) {
            assertThat(again.stream(shard)).isEqualTo(once.stream(shard));
        }
        // The first candidate of the sequence s0, s1, ... whose slot falls in the shard's range, pinned so that a
        // change of the scheme cannot pass unnoticed: existing data depends on these names.
        assertThat(once.stream(0)).isEqualTo("rp:{" + firstCandidateIn(0, 64) + "}:events");
        assertThat(once.stream(255)).isEqualTo("rp:{" + firstCandidateIn(16_320, 16_384) + "}:events");
    }

    /**
     * Shards per primary on the contiguous, equal slot ranges {@code redis-cli --cluster create} assigns (primary {@code
     * p} of {@code m} serves slots {@code [p*16384/m, (p+1)*16384/m)}). With the default 256 shards, 3, 5 and 12
     * primaries each hold within 10% of the even share. 48 primaries hold 5 or 6 (even is 5.33): whole shards cannot
     * come nearer than +12.5%, so 10% there takes more shards, and 512 give it.
     */
    @Test
    void shardsSpreadOverThreeFiveTwelveAndFortyEightPrimariesAsEvenlyAsWholeShardsCan() {
        int[] on48 = shardsPerPrimary(new PacketKeys(256), 48);
        System.out.printf("PacketKeysTest: 256 shards on 48 primaries: %s%n", Arrays.toString(on48));
        assertThat(on48).containsOnly(5, 6);
        for (int primaries : new int[] {3, 5, 12}) {
            assertWithinTenPercentOfEven(256, primaries);
        }
        for (int primaries : new int[] {3, 5, 12, 48}) {
            assertWithinTenPercentOfEven(512, primaries);
        }
    }

    private static void assertWithinTenPercentOfEven(int shards, int primaries) {
        int[] perPrimary = shardsPerPrimary(new PacketKeys(shards), primaries);
        double even = (double) shards / primaries;
        System.out.printf(
                "PacketKeysTest: %d shards on %d primaries: %s%n", shards, primaries, Arrays.toString(perPrimary));
        for (int count : perPrimary) {
            assertThat((double) count)
                    .as("%d shards per primary on %d primaries: %s", shards, primaries, Arrays.toString(perPrimary))
                    .isBetween(even * 0.9, even * 1.1);
        }
    }

    private static int[] shardsPerPrimary(PacketKeys keys, int primaries) {
        int[] perPrimary = new int[primaries];
        for (int shard = 0; shard < keys.shards(); shard++) {
            perPrimary[primaryOf(keys.slot(shard), primaries)]++;
        }
        return perPrimary;
    }

    @Test
    void grabsOfManyRandomPacketsSpreadWithinTenPercentOfEvenOverThreePrimaries() {
        PacketKeys keys = new PacketKeys(256);
        int[] grabs = new int[3];
        int packets = 300_000;
        for (int i = 0; i < packets; i++) {
            PacketId id = PacketId.generate();
            grabs[primaryOf(keys.slot(keys.shardOf(id)), 3)]++;
        }
        System.out.printf(
                "PacketKeysTest: %d random packets' grabs per primary of 3: %s%n", packets, Arrays.toString(grabs));
        for (int count : grabs) {
            assertThat((double) count)
                    .as("grabs per primary: %s", Arrays.toString(grabs))
                    .isBetween(packets / 3.0 * 0.9, packets / 3.0 * 1.1);
        }
    }

    @Test
    void sixteenLegacyShardsLandSixSixFourOnThreePrimariesWhichIsWhyTheTagsChanged() {
        int[] perPrimary = shardsPerPrimary(new PacketKeys(16, ShardTags.LEGACY), 3);
        Arrays.sort(perPrimary);
        assertThat(perPrimary).containsExactly(4, 6, 6);
    }

    private static int primaryOf(int slot, int primaries) {
        for (int p = 0; p < primaries; p++) {
            if (slot < (p + 1) * PacketKeys.SLOTS / primaries) {
                return p;
            }
        }
        throw new IllegalArgumentException("slot " + slot);
    }

    private static String firstCandidateIn(int lower, int upper) {
        for (int candidate = 0; ; candidate++) {
            int slot = SlotHash.getSlot("s" + candidate);
            if (slot >= lower && slot < upper) {
                return "s" + candidate;
            }
        }
    }

    private static String tag(String key) {
        Matcher m = TAG.matcher(key);
        assertThat(m.find()).as(key).isTrue();
        return m.group(1);
    }
}
