package io.hongbao.platform.outbox;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.events.*}; the defaults and what each setting means are in {@code application.yml}.
 *
 * @param kafka the bus; without {@code bootstrap-servers} events are neither written nor published
 * @param publisher each database shard's publisher
 */
@ConfigurationProperties("hongbao.events")
public record OutboxSettings(Kafka kafka, Publisher publisher) {

    public OutboxSettings {
        Setting.present(kafka, "hongbao.events.kafka");
        Setting.present(publisher, "hongbao.events.publisher");
    }

    public boolean on() {
        return kafka.bootstrapServers() != null && !kafka.bootstrapServers().isBlank();
    }

    /** @param topic the one topic every event goes to, keyed by account */
    public record Kafka(String bootstrapServers, String topic) {
        public Kafka {
            Setting.present(topic, "hongbao.events.kafka.topic");
        }
    }

    /**
     * @param every the pause between two passes of a shard's publisher once its outbox is empty
     * @param batchSize rows read, sent and acknowledged at a time
     * @param sampleEvery how often each shard's backlog is counted for the metrics
     */
    public record Publisher(Duration every, int batchSize, Duration sampleEvery) {
        public Publisher {
            Setting.positive(every, "hongbao.events.publisher.every");
            Setting.positive(batchSize, "hongbao.events.publisher.batch-size");
            Setting.positive(sampleEvery, "hongbao.events.publisher.sample-every");
        }
    }
}
