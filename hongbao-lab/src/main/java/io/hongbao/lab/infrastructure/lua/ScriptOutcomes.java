package io.hongbao.lab.infrastructure.lua;

import io.hongbao.lab.model.LabOutcome;
import java.util.List;

/** Reads the {code, amount} reply of the lab's grab scripts: 0 granted, 1 already grabbed, 2 sold out. */
final class ScriptOutcomes {

    private ScriptOutcomes() {}

    static LabOutcome of(List<Object> reply) {
        long code = (Long) reply.get(0);
        long amount = (Long) reply.get(1);
        if (code == 0) {
            return new LabOutcome.Granted(amount);
        }
        if (code == 1) {
            return LabOutcome.ALREADY_GRABBED;
        }
        if (code == 2) {
            return LabOutcome.SOLD_OUT;
        }
        throw new IllegalStateException("unexpected grab script reply " + reply);
    }
}
