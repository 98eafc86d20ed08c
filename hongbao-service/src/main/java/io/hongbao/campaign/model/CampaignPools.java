package io.hongbao.campaign.model;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketId;
import java.time.Instant;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * One round's live pools and how a person walks them (ADR 0103). Each pool is a packet of its own, in a virtual shard
 * of its own, so the pools' grabs spread over every Redis primary and each grab stays one script call in one slot.
 *
 * <p>Everyone has a home pool, chosen by a stable hash of their user id, and grabs there first. Only when the home
 * pool answers sold out do they walk on: to the next pools in order, wrapping round, never back home. Sold out is for
 * good (a pool's shares are never refilled), which is what makes the walk safe and fair; {@code
 * GrabbingCampaignShare} says how.
 *
 * @param round the round's index, 0 for the first
 * @param pools pool {@code i}'s packet at index {@code i}
 * @param startsAt when the round's shares may be grabbed
 * @param endsAt when the pools expire (what is left is refunded then)
 */
public record CampaignPools(CampaignId campaign, int round, List<PacketId> pools, Instant startsAt, Instant endsAt) {

    public CampaignPools {
        if (pools.isEmpty()) {
            throw new IllegalArgumentException("a round has at least one pool");
        }
        if (!endsAt.isAfter(startsAt)) {
            throw new IllegalArgumentException("a round ends after it starts");
        }
        pools = List.copyOf(pools);
    }

    public int size() {
        return pools.size();
    }

    public PacketId pool(int index) {
        return pools.get(index);
    }

    /**
     * The user's home pool: the same on every instance and every restart. The id is mixed first (the finaliser of
     * SplitMix64), so that users numbered in a row land on pools spread over the primaries, not on neighbours.
     */
    public int home(UserId user) {
        long mixed = user.value();
        mixed = (mixed ^ (mixed >>> 30)) * 0xbf58476d1ce4e5b9L;
        mixed = (mixed ^ (mixed >>> 27)) * 0x94d049bb133111ebL;
        mixed ^= mixed >>> 31;
        return (int) Math.floorMod(mixed, (long) pools.size());
    }

    /**
     * The pool after {@code from} on the walk that starts at {@code home}: {@code home + 1, home + 2, ...} wrapping
     * round, skipping the pools {@code knownEmpty} names, and ending before it would come back home.
     *
     * @return the next pool's index, or -1 when the walk has no pool left
     */
    public int next(int home, int from, IntPredicate knownEmpty) {
        int size = pools.size();
        for (int step = Math.floorMod(from - home, size) + 1; step < size; step++) {
            int candidate = (home + step) % size;
            if (!knownEmpty.test(candidate)) {
                return candidate;
            }
        }
        return -1;
    }
}
