package io.hongbao.redpacket.infrastructure.checks;

import java.util.ArrayList;
import java.util.List;

/** What a paging audit check found wrong: how many, and the first few by name, so its memory stays bounded. */
final class Offenders {

    static final int REPORTED = 5;

    private final List<String> first = new ArrayList<>();
    private long count;

    void add(String offender) {
        count++;
        if (first.size() < REPORTED) {
            first.add(offender);
        }
    }

    boolean none() {
        return count == 0;
    }

    long count() {
        return count;
    }

    /** The offenders after a verdict on the totals: nothing when none was found one by one. */
    String andThem() {
        return none() ? "" : "; " + count + " checked one by one do not add up: " + this;
    }

    @Override
    public String toString() {
        return String.join("; ", first);
    }
}
