package io.hongbao.platform.startup;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
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

    /** The {@code count} beans with the longest own time among Spring's recorded steps, as {@code "name 1234 ms, ..."}. */
    static String of(List<TimelineEvent> events, int count) {
        return slowest(events.stream().map(Step::of).toList(), count);
    }

    static String slowest(List<Step> steps, int count) {
        Map<Long, Long> childNanos = new HashMap<>();
        for (Step step : steps) {
            if (step.isBean() && step.parentId() != null) {
                childNanos.merge(step.parentId(), step.nanos(), Long::sum);
            }
        }
        StringJoiner slowest = new StringJoiner(", ");
        steps.stream()
                .filter(Step::isBean)
                .map(step ->
                        new Bean(step.beanName(), Math.max(0, step.nanos() - childNanos.getOrDefault(step.id(), 0L))))
                .sorted(Comparator.comparingLong(Bean::ownNanos).reversed())
                .limit(count)
                .forEach(bean ->
                        slowest.add(bean.name() + " " + TimeUnit.NANOSECONDS.toMillis(bean.ownNanos()) + " ms"));
        return slowest.toString();
    }

    /** One recorded step: its id, its parent's (null at the top), its name, the bean it created if any, its length. */
    record Step(long id, Long parentId, String name, String beanName, long nanos) {

        static Step of(TimelineEvent event) {
            StartupStep step = event.getStartupStep();
            return new Step(
                    step.getId(),
                    step.getParentId(),
                    step.getName(),
                    beanName(step),
                    event.getDuration().toNanos());
        }

        boolean isBean() {
            return INSTANTIATE.equals(name);
        }

        private static String beanName(StartupStep step) {
            for (StartupStep.Tag tag : step.getTags()) {
                if ("beanName".equals(tag.getKey())) {
                    return tag.getValue();
                }
            }
            return "?";
        }
    }

    private record Bean(String name, long ownNanos) {}
}
