package io.hongbao.demo;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the demo sign-in (docs/api.md, Demo sign-in; ADR 0076). */
@Configuration(proxyBeanMethods = false)
class DemoConfiguration {

    /** On as {@link DemoEnabled} decides, from the same settings, so the page and the route always agree. */
    @Bean
    DemoMode demoMode(DemoSettings demo, Environment environment) {
        return new DemoMode(DemoEnabled.on(Binder.get(environment)), demo.tokenValidFor());
    }
}
