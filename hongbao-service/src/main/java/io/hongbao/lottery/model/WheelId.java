package io.hongbao.lottery.model;

import java.util.Optional;
import java.util.UUID;

/** A lottery wheel: an opaque id chosen by the server (a random UUID). */
public record WheelId(String value) {

    public WheelId {
        if (!LotteryIds.isUuid(value)) {
            throw new IllegalArgumentException("not a wheel id: " + value);
        }
    }

    public static WheelId random() {
        return new WheelId(UUID.randomUUID().toString());
    }

    /** The id a client sent, or empty when it cannot be one of ours (which the web layer answers as unknown). */
    public static Optional<WheelId> parse(String value) {
        return LotteryIds.isUuid(value) ? Optional.of(new WheelId(value)) : Optional.empty();
    }
}
