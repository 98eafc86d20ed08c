package io.hongbao.platform.startup;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.boot.context.event.SpringApplicationEvent;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.context.ApplicationListener;

/**
 * Two INFO lines once the service is ready, saying where its start went. The first, phase by phase: from the JVM's
 * start to Spring's first event (the JVM, the launcher, class loading), the environment, the context's bean
 * definitions, the context's refresh (every bean built: the wait for the embedded servers, migrations run, the web
 * server listening) and the runners. The second names the slowest beans by their own time ({@link SlowestBeans}), from
 * the steps Spring records when given a {@link BufferingApplicationStartup}. A slow start then says where without a
 * profiler; the embedded servers and the grab path's warm-up log their own times beside it. Registered in
 * {@code META-INF/spring.factories}, not as a bean: it must hear the first event, before any context exists, to hand
 * the application its step recorder.
 */
public final class StartupTimeline implements ApplicationListener<SpringApplicationEvent> {

    private static final Logger log = LoggerFactory.getLogger(StartupTimeline.class);
    /** Steps recorded during a start: one per bean created and a few per phase; past this many, no more are kept. */
    private static final int STEPS = 8192;
    /** The slowest beans named in the log. */
    private static final int SLOWEST = 6;

    /** Each phase, named by the event that ends it, in the order Spring sends them. */
    private static final Map<Class<?>, String> PHASES = phases();

    private final LongSupplier millisSinceJvmStart;
    private final Map<String, Long> endedAt = new LinkedHashMap<>();
    private final BufferingApplicationStartup steps = new BufferingApplicationStartup(STEPS);

    public StartupTimeline() {
        this(() -> ManagementFactory.getRuntimeMXBean().getUptime());
    }

    /** @param millisSinceJvmStart how long the JVM has run, in milliseconds (its uptime) */
    StartupTimeline(LongSupplier millisSinceJvmStart) {
        this.millisSinceJvmStart = millisSinceJvmStart;
    }

    private static Map<Class<?>, String> phases() {
        Map<Class<?>, String> phases = new LinkedHashMap<>();
        phases.put(ApplicationStartingEvent.class, "jvm and launcher");
        phases.put(ApplicationEnvironmentPreparedEvent.class, "environment");
        phases.put(ApplicationPreparedEvent.class, "bean definitions");
        phases.put(ApplicationStartedEvent.class, "context refresh");
        phases.put(ApplicationReadyEvent.class, "runners");
        return phases;
    }

    @Override
    public void onApplicationEvent(SpringApplicationEvent event) {
        String phase = PHASES.get(event.getClass());
        if (phase == null) {
            return;
        }
        endedAt.put(phase, millisSinceJvmStart.getAsLong());
        if (event instanceof ApplicationStartingEvent starting) {
            // Read by the context when SpringApplication prepares it, after this event: each bean's creation is then
            // a recorded step.
            starting.getSpringApplication().setApplicationStartup(steps);
        }
        if (event instanceof ApplicationReadyEvent) {
            log.info("{}", line());
            log.info(
                    "start-up: slowest beans (own time) {}",
                    SlowestBeans.of(steps.drainBufferedTimeline().getEvents(), SLOWEST));
        }
    }

    /** The phases heard so far with their milliseconds, and when the last ended after the JVM started. */
    String line() {
        StringJoiner phases = new StringJoiner(", ");
        long previous = 0;
        for (Map.Entry<String, Long> phase : endedAt.entrySet()) {
            phases.add(phase.getKey() + " " + (phase.getValue() - previous) + " ms");
            previous = phase.getValue();
        }
        return "start-up: " + phases + "; ready " + previous + " ms after the JVM started";
    }
}
