package io.hongbao.peer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The seed sources' design, re-built faithfully so the HTTP benchmark has an honest baseline: Spring MVC on Tomcat
 * (default thread pool: up to 200 request threads), a JWT check in a servlet filter, then ONE synchronous Lua call per
 * grab through Spring Data Redis (Lettuce, one shared connection), and no database at all (ADR 0042).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SeedPeerApplication {

    public static void main(String[] args) {
        SpringApplication.run(SeedPeerApplication.class, args);
    }
}
