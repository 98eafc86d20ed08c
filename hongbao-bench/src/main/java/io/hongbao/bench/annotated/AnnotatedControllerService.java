package io.hongbao.bench.annotated;

import io.hongbao.HongbaoApplication;
import org.springframework.boot.SpringApplication;

/**
 * The service with its grab served by an annotated controller instead of the functional route: the baseline the
 * route is measured against (ADR 0050). It runs the production application from the service's own executable jar,
 * with this package's jar added to its classpath ({@code bench http --baseline annotated-controller} starts it so):
 * the application's component scan of {@code io.hongbao} finds {@link AnnotatedGrabController} and
 * {@link WithoutGrabRoute}, which this profile switches on. Everything else is the production service.
 */
public final class AnnotatedControllerService {

    static final String PROFILE = "annotated-controller-baseline";

    private AnnotatedControllerService() {}

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(HongbaoApplication.class);
        application.setAdditionalProfiles(PROFILE);
        application.run(args);
    }
}
