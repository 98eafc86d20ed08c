package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketGrab;
import java.time.Instant;

/** The value of a packet's grabbed hash in Redis: {@code "amount:seq:atMillis"}. */
final class GrabValue {

    private GrabValue() {}

    static String of(PacketGrab grab) {
        return grab.amount() + ":" + grab.seq() + ":" + grab.at().toEpochMilli();
    }

    static PacketGrab parse(String user, String value) {
        String[] parts = value.split(":");
        return new PacketGrab(
                UserId.of(Long.parseLong(user)),
                Integer.parseInt(parts[1]),
                Long.parseLong(parts[0]),
                Instant.ofEpochMilli(Long.parseLong(parts[2])));
    }
}
