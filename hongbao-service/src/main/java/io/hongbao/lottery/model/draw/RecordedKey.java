package io.hongbao.lottery.model.draw;

import io.hongbao.lottery.model.DrawId;
import java.util.Optional;

/**
 * What the system of record already holds under a caller's key, from an earlier request: that request's fingerprint
 * and, when it was a draw, the draw its spend recorded (empty for another kind of request: a send, a group).
 */
public record RecordedKey(String fingerprint, Optional<DrawId> draw) {

    public RecordedKey {
        if (fingerprint == null || draw == null) {
            throw new IllegalArgumentException("a recorded key has its request's fingerprint");
        }
    }

    /** What a request with {@code key} is, given this record: a repeat of its draw, or another request. */
    SpendVerdict answers(DrawKey key) {
        if (!fingerprint.equals(key.fingerprint())) {
            return new SpendVerdict.KeyReused();
        }
        return new SpendVerdict.Repeat(draw.orElseThrow(() ->
                new IllegalStateException("key " + key.value() + " is recorded for a draw request without its draw")));
    }
}
