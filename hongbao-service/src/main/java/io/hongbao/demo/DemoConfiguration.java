package io.hongbao.demo;

import io.hongbao.platform.storage.StorageSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the demo sign-in (docs/api.md, Demo sign-in; ADR 0076). */
@Configuration(proxyBeanMethods = false)
class DemoConfiguration {

    @Bean
    DemoMode demoMode(DemoSettings demo, StorageSettings storage) {
        return new DemoMode(demo.on(storage.redis().embedded() && storage.db().embedded()), demo.tokenValidFor());
    }
}
