package io.hongbao.bench.http.load;

import io.hongbao.bench.http.targets.Target;
import java.util.List;
import java.util.Map;

/** The shape of {@code bench http}'s load ({@code --profile}): who grabs which packets, and what is set up for it. */
public interface LoadProfile {

    /** Grabbers' user ids start here: away from the admin (1) and the senders. */
    long FIRST_GRABBER = 1_000_001L;

    String name();

    /** The profile's parameters, for the report. */
    Map<String, Object> parameters();

    /** Once per target, before its first run: whatever the users need beforehand (accounts). */
    void prepare(Target target) throws Exception;

    /** Fresh packets for one run on {@code target}, sized for {@code expectedRate}, and the grabs over them. */
    RunLoad load(Target target, int run, double expectedRate, LoadSettings settings) throws Exception;

    /** @param packetIds every packet the run created, for counting its persisted grabs */
    record RunLoad(List<String> packetIds, Workload workload) {}
}
