package io.hongbao.bench.http.load;

import java.time.Duration;

/**
 * How many packets a run needs so that it does not sell out: the fresh grab attempts the run is expected to make
 * (expected rate × (warm-up + duration) × (1 − duplicate ratio)), with 25% headroom, divided by the shares per packet.
 */
public final class PacketSizing {

    static final double HEADROOM = 1.25;

    private PacketSizing() {}

    public static int packetsFor(
            double expectedRate, Duration warmup, Duration duration, double duplicateRatio, int sharesPerPacket) {
        double seconds = (warmup.toMillis() + duration.toMillis()) / 1000.0;
        double freshAttempts = expectedRate * seconds * (1 - duplicateRatio) * HEADROOM;
        return (int) Math.max(1, Math.ceil(freshAttempts / sharesPerPacket));
    }
}
