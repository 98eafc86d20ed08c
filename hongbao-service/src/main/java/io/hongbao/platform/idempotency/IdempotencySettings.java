package io.hongbao.platform.idempotency;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.idempotency.*}; the defaults and what each setting means are in {@code application.yml}.
 *
 * @param retention how long a key and its answer are kept: a repeat after that is a new request
 * @param purge the worker that deletes records older than the retention
 */
@ConfigurationProperties("hongbao.idempotency")
public record IdempotencySettings(Duration retention, Purge purge) {

    public IdempotencySettings {
        Setting.positive(retention, "hongbao.idempotency.retention");
        Setting.present(purge, "hongbao.idempotency.purge");
    }

    /** @param batchSize records deleted per statement (one short transaction each) */
    public record Purge(Boolean enabled, Duration every, int batchSize) {
        public Purge {
            Setting.present(enabled, "hongbao.idempotency.purge.enabled");
            Setting.positive(every, "hongbao.idempotency.purge.every");
            Setting.positive(batchSize, "hongbao.idempotency.purge.batch-size");
        }
    }
}
