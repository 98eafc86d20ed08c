package io.hongbao;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

/**
 * The features as Spring Modulith application modules ({@link FeatureModules} says how they are read): no cycle
 * between them, and a feature uses another only through its {@code model} and {@code application}, never its
 * {@code infrastructure} or {@code web}. {@link ArchitectureTest} holds the rules Modulith does not check.
 */
class ModularityTest {

    @Test
    void featuresUseEachOtherOnlyThroughModelAndApplicationAndFormNoCycle() {
        ApplicationModules.of(HongbaoApplication.class).verify();
    }
}
