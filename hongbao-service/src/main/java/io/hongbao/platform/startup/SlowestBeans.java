package io.hongbao.platform.startup;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.core.metrics.StartupStep;

/**
 * The beans whose creation took longest, each by its own time: a bean's step lasts while the beans it needs are
 * created inside it, so their steps are taken off its duration. A slow start then names the bean to look at (a pool
 * that connects, a migration, a client that loads its metadata) rather than the configuration class around it.
 */
final class SlowestBeans {

    static final String INSTANTIATE = "spring.beans.instantiate";

    private SlowestBeans() {}

    /** The {@code count} beans with the longest own time, as {@code "name 1234 ms, ..."}. */
    static String of(List<TimelineEvent> events, int count) {
        Map<Long, Long> childNanos = new HashMap<>();
        for (TimelineEvent event : events) {
            StartupStep step = event.getStartupStep();
            if (INSTANTIATE.equals(step.getName()) && step.getParentId() != null) {
                childNanos.merge(step.getParentId(), event.getDuration().toNanos(), Long::sum);
            }
        }
        StringJoiner slowest = new StringJoiner(", ");
        events.stream()
                .filter(event -> INSTANTIATE.equals(event.getStartupStep().getName()))
                .map(event -> new Bean(beanName(event.getStartupStep()), ownTime(event, childNanos)))
                .sorted(Comparator.comparing(Bean::ownTime).reversed())
                .limit(count)
                .forEach(bean -> slowest.add(bean.name() + " " + bean.ownTime().toMillis() + " ms"));
        return slowest.toString();
    }

    private static Duration ownTime(TimelineEvent event, Map<Long, Long> childNanos) {
        long own = event.getDuration().toNanos()
                - childNanos.getOrDefault(event.getStartupStep().getId(), 0L);
        return Duration.ofNanos(Math.max(0, own));
    }

    private static String beanName(StartupStep step) {
        for (StartupStep.Tag tag : step.getTags()) {
            if ("beanName".equals(tag.getKey())) {
                return tag.getValue();
            }
        }
        return "?";
    }

    private record Bean(String name, Duration ownTime) {}
}
