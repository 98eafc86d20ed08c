package io.hongbao.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.embedded.KafkaBroker;
import io.hongbao.support.SharedKafkaBroker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * The bus against a real broker (ADR 0096): a batch the broker refuses must not let the account's later rows in ahead of
 * it. The idempotent producer, once a batch of a partition failed, numbers the batches after it again and sends them;
 * were they acknowledged, the failed row would be sent again by the next pass, after them: the account's events out of
 * order (MoneyEventsIT caught one such event, position 387 after 390, across a broker outage).
 */
class KafkaEventBusIT {

    /** The topic takes records of at most this many bytes; the client would send larger ones. */
    private static final int TOPIC_MAX_BYTES = 20_000;

    @Test
    void aRowTheBrokerRefusesLetsNoLaterRowOfItsAccountLandBeforeIt() throws Exception {
        KafkaBroker broker = SharedKafkaBroker.get();
        String topic = "bus-order-" + UUID.randomUUID();
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1)
                            .configs(Map.of("max.message.bytes", Integer.toString(TOPIC_MAX_BYTES)))))
                    .all()
                    .get();
        }
        List<OutboxRow> rows = new ArrayList<>();
        rows.add(row(1, 100));
        rows.add(row(2, 3 * TOPIC_MAX_BYTES));
        for (long position = 3; position <= 40; position++) {
            rows.add(row(position, 2_000));
        }

        EventBus.Acks acks;
        try (KafkaEventBus bus = new KafkaEventBus(broker.bootstrapServers(), topic, "bus-order")) {
            acks = bus.send(0, rows);
        }

        assertThat(acks.failure()).as("the broker refused row 2").isNotNull();
        assertThat(acks.acknowledged())
                .as("acknowledged, so deleted and never sent again")
                .containsExactly(1L);
        assertThat(positionsIn(broker, topic)).as("what landed").containsExactly(1L);
    }

    private static OutboxRow row(long position, int padding) {
        String json = "{\"id\":\"e" + position + "\",\"account\":\"user:1\",\"pad\":\"" + "x".repeat(padding) + "\"}";
        return new OutboxRow(position, "user:1", json, Instant.EPOCH);
    }

    /** Every record of the topic's one partition, as the positions the bus put in front of each. */
    private static List<Long> positionsIn(KafkaBroker broker, String topic) {
        TopicPartition partition = new TopicPartition(topic, 0);
        List<Long> positions = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    String value = record.value();
                    int at = value.indexOf("\"position\":") + "\"position\":".length();
                    positions.add(Long.parseLong(value.substring(at, value.indexOf(',', at))));
                }
            }
        }
        return positions;
    }
}
