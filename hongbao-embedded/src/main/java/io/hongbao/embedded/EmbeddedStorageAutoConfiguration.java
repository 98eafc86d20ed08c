package io.hongbao.embedded;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/** Puts {@link EmbeddedStorage} in every Spring Boot application that has this module on its class path. */
@AutoConfiguration
public class EmbeddedStorageAutoConfiguration {

    // static: a bean factory post-processor is created before the configuration class that declares it
    @Bean
    static EmbeddedStorage hongbaoEmbeddedStorage() {
        return new EmbeddedStorage();
    }
}
