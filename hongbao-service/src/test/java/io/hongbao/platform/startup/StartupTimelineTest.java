package io.hongbao.platform.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.bootstrap.DefaultBootstrapContext;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.boot.context.event.SpringApplicationEvent;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.StandardEnvironment;

class StartupTimelineTest {

    private final AtomicLong uptime = new AtomicLong();
    private final StartupTimeline timeline = new StartupTimeline(uptime::get);
    private final SpringApplication application = new SpringApplication();
    private final String[] args = new String[0];
    private final DefaultBootstrapContext bootstrap = new DefaultBootstrapContext();
    private final GenericApplicationContext context = new GenericApplicationContext();

    @Test
    void eachPhaseIsTheTimeSinceThePreviousEventAndReadyIsSinceTheJvmStarted() {
        at(700, new ApplicationStartingEvent(bootstrap, application, args));
        at(760, new ApplicationEnvironmentPreparedEvent(bootstrap, application, args, new StandardEnvironment()));
        at(1000, new ApplicationPreparedEvent(application, args, context));
        at(6000, new ApplicationStartedEvent(application, args, context, Duration.ZERO));
        at(6004, new ApplicationReadyEvent(application, args, context, Duration.ZERO));

        assertThat(timeline.line())
                .isEqualTo("start-up: jvm and launcher 700 ms, environment 60 ms, bean definitions 240 ms,"
                        + " context refresh 5000 ms, runners 4 ms; ready 6004 ms after the JVM started");
    }

    private void at(long millis, SpringApplicationEvent event) {
        uptime.set(millis);
        timeline.onApplicationEvent(event);
    }
}
