package io.hongbao.lab.model;

import java.util.List;

/** The packets of one lab run. Packet ids are {@code id * PACKETS_PER_RUN + index}, so runs never share a packet. */
public record LabRun(long id, List<LabPacket> packets) {

    public static final long PACKETS_PER_RUN = 1_000_000L;

    public LabRun {
        if (id <= 0) {
            throw new IllegalArgumentException("a run id is positive: " + id);
        }
        if (packets.isEmpty() || packets.size() >= PACKETS_PER_RUN) {
            throw new IllegalArgumentException("a run has 1.." + (PACKETS_PER_RUN - 1) + " packets");
        }
        packets = List.copyOf(packets);
    }

    public static long packetId(long runId, int index) {
        return runId * PACKETS_PER_RUN + index;
    }
}
