package io.hongbao.lab.model;

import java.util.List;

/**
 * What a strategy holds after a run: per packet the total and what is left (in the strategy's own store: a packet
 * row, share rows, a Redis list or hash), and every grant recorded in the database.
 */
public record LabAudit(List<PacketBalance> packets, List<GrabRecord> grabs) {

    public LabAudit {
        packets = List.copyOf(packets);
        grabs = List.copyOf(grabs);
    }

    public record PacketBalance(long packetId, long totalAmount, int shareCount, long remainingAmount) {}

    public record GrabRecord(long packetId, long userId, long amount) {}
}
