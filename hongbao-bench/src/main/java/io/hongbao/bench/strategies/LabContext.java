package io.hongbao.bench.strategies;

import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;

/**
 * The slice of the service the lab needs, without HTTP: storage endpoints (embedded servers or the configured
 * external ones), the database pool, Flyway migrations, Redis, the clock, and the lab's strategies. The service's
 * own {@code application.yml} applies, so {@code HONGBAO_REDIS_URL} and {@code HONGBAO_DB_URL} work as for the
 * service.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ComponentScan(
        basePackages = {
            "io.hongbao.platform.storage",
            "io.hongbao.platform.db",
            "io.hongbao.platform.redis",
            "io.hongbao.platform.time",
            "io.hongbao.lab"
        })
@ConfigurationPropertiesScan("io.hongbao.platform.storage")
class LabContext {

    /**
     * Starts the context. {@code overrides} win over the service's {@code application.yml} (they are passed as
     * command-line properties), so give only settings the bench must control.
     */
    static ConfigurableApplicationContext start(Map<String, Object> overrides) {
        String[] args = overrides.entrySet().stream()
                .map(setting -> "--" + setting.getKey() + "=" + setting.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(LabContext.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .run(args);
    }
}
