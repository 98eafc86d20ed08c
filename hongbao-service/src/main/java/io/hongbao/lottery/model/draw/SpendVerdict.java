package io.hongbao.lottery.model.draw;

import io.hongbao.lottery.model.DrawId;

/** What a batch's spending transaction came to for one of its draws (ADR 0079, ADR 0098). Only {@link Paid} wrote. */
public sealed interface SpendVerdict
        permits SpendVerdict.Paid, SpendVerdict.NotCovered, SpendVerdict.Repeat, SpendVerdict.KeyReused {

    /** Debited and recorded PENDING, with its Idempotency-Key when it has one. */
    record Paid() implements SpendVerdict {}

    /** The drawer's points did not cover it; nothing written, its key (if any) not recorded. */
    record NotCovered() implements SpendVerdict {}

    /**
     * Its Idempotency-Key already names {@code first}, for the same request (an earlier batch's, or an earlier draw of
     * this batch): nothing spent; its answer is {@code first}'s outcome.
     */
    record Repeat(DrawId first) implements SpendVerdict {}

    /** Its Idempotency-Key already names another request (another wheel's draw, a send): nothing written. */
    record KeyReused() implements SpendVerdict {}
}
