package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;

/**
 * The probes a balancer and Kubernetes use (docs/api.md, change 23; docs/scale-out.md): readiness follows the
 * application's readiness state (DOWN while draining on shutdown) and liveness does not; the databases have a group of
 * their own. Readiness staying UP while a database shard is frozen is DatabaseShardStallIT's.
 */
class ReadinessIT extends IntegrationTest {

    @Autowired
    ApplicationContext context;

    @Test
    void readinessLivenessAndStorageAnswerUp() {
        for (String probe : new String[] {"readiness", "liveness", "storage"}) {
            http.get()
                    .uri("/actuator/health/" + probe)
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .jsonPath("$.status")
                    .isEqualTo("UP");
        }
    }

    @Test
    void readinessIsRedisTheWarmGrabPathAndNotDrainingAndNeverTheDatabases() {
        http.get()
                .uri("/actuator/health/readiness")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.components")
                .value(components -> assertThat(List.<Object>copyOf(((Map<?, ?>) components).keySet()))
                        .containsExactlyInAnyOrder("readinessState", "redisReachable", "grabPathWarmUp"))
                .jsonPath("$.components.readinessState.status")
                .isEqualTo("UP")
                .jsonPath("$.components.redisReachable.status")
                .isEqualTo("UP")
                .jsonPath("$.components.grabPathWarmUp.status")
                .isEqualTo("UP")
                .jsonPath("$.components.db")
                .doesNotExist()
                .jsonPath("$.components.redisReachable.details")
                .doesNotExist();
    }

    @Test
    void drainingTakesReadinessDownAndLeavesLivenessUp() {
        AvailabilityChangeEvent.publish(context, ReadinessState.REFUSING_TRAFFIC);
        try {
            http.get()
                    .uri("/actuator/health/readiness")
                    .exchange()
                    .expectStatus()
                    .isEqualTo(503)
                    .expectBody()
                    .jsonPath("$.status")
                    .isEqualTo("OUT_OF_SERVICE");
            http.get()
                    .uri("/actuator/health/liveness")
                    .exchange()
                    .expectStatus()
                    .isOk();
        } finally {
            AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
        }
        http.get().uri("/actuator/health/readiness").exchange().expectStatus().isOk();
    }
}
