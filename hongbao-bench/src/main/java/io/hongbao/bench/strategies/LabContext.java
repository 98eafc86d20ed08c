package io.hongbao.bench.strategies;

import java.util.Map;
import java.util.stream.Stream;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * The service without HTTP, with the strategy lab: storage endpoints (embedded servers or the configured external
 * ones), the database pool, the service's Flyway migrations, Redis, the features with their workers (the
 * {@code hongbao} strategy is the red-packet feature itself, persister included), and the lab's configuration from
 * the {@code hongbao-lab} module ({@code io.hongbao.lab.LabConfiguration}, found by the scan of {@code io.hongbao}),
 * which migrates the lab's own tables. The service's own {@code application.yml} applies, so
 * {@code HONGBAO_REDIS_URL} and {@code HONGBAO_DB_URL} work as for the service.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ComponentScan(
        basePackages = "io.hongbao",
        excludeFilters =
                @ComponentScan.Filter(
                        type = FilterType.REGEX,
                        pattern = {
                            // No HTTP: no controllers, no web security, and not the application class, whose own
                            // component scan would bring them back.
                            "io\\.hongbao\\..*\\.web\\..*",
                            "io\\.hongbao\\.platform\\.security\\..*",
                            "io\\.hongbao\\.HongbaoApplication",
                            "io\\.hongbao\\.bench\\..*"
                        }))
@ConfigurationPropertiesScan("io.hongbao")
class LabContext {

    /**
     * Starts the context. {@code overrides} win over the service's {@code application.yml} (they are passed as
     * command-line properties), so give only settings the bench must control.
     */
    static ConfigurableApplicationContext start(Map<String, Object> overrides) {
        String[] args = Stream.concat(
                        // No HTTP here: the readiness health group names the warm grab path, which this context leaves
                        // out with the web layer; health is never asked, so the group's members are not checked.
                        Stream.of("--management.endpoint.health.validate-group-membership=false"),
                        overrides.entrySet().stream()
                                .map(setting -> "--" + setting.getKey() + "=" + setting.getValue()))
                .toArray(String[]::new);
        return new SpringApplicationBuilder(LabContext.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .run(args);
    }
}
