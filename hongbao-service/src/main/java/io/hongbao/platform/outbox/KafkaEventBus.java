package io.hongbao.platform.outbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A shard's outbox published to Kafka: one topic, the account as the record's key (so one account's events share a
 * partition, and a partition keeps the order they were sent in), an idempotent producer ({@code acks=all}, retries
 * without end, at most five requests in flight per connection: the broker writes a partition's batches in sequence).
 *
 * <p>A batch is never given up on while the broker is away ({@code delivery.timeout.ms} without bound): a batch that
 * expired could let a later one of the same partition through first, breaking an account's order. So during an outage
 * the send waits, and the outbox grows behind it. A failure (a broker that refuses, the metadata not found within
 * {@code max.block.ms}, the thread interrupted at shutdown) closes the producer; the next pass opens a new one and
 * sends every row not acknowledged again, from the oldest.
 */
final class KafkaEventBus implements EventBus {

    private final Map<String, Object> config;
    private final String topic;
    private Producer<String, String> producer;

    KafkaEventBus(String bootstrapServers, String topic, String clientId) {
        this.topic = topic;
        this.config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        config.put(ProducerConfig.RETRIES_CONFIG, Integer.MAX_VALUE);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Integer.MAX_VALUE);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1_000);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    }

    @Override
    public Acks send(int shard, List<OutboxRow> rows) {
        if (producer == null) {
            producer = new KafkaProducer<>(config);
        }
        Producer<String, String> sending = producer;
        List<Future<RecordMetadata>> sent = new ArrayList<>(rows.size());
        RuntimeException failure = null;
        try {
            for (OutboxRow row : rows) {
                sent.add(sending.send(
                        new ProducerRecord<>(topic, row.key(), row.published(shard)), stopAfterAFailure(sending)));
            }
        } catch (KafkaException | IllegalStateException e) {
            // The rows after it were never handed to the producer (or it was closed under us by a failed batch's
            // callback): they stay in the outbox for the next pass.
            failure = e;
        }
        List<Long> acknowledged = new ArrayList<>(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            try {
                sent.get(i).get();
                acknowledged.add(rows.get(i).position());
            } catch (ExecutionException e) {
                failure = failure != null ? failure : new KafkaException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure != null ? failure : new KafkaException("interrupted while waiting for the broker");
                break;
            }
        }
        if (failure != null) {
            close();
        }
        return new Acks(acknowledged, failure);
    }

    /**
     * Once a batch failed, the idempotent producer numbers the partition's later batches again and sends them: their
     * rows would land before the failed one, which the next pass sends again, and an account's events would arrive out
     * of order. Closing the producer at once from the failed batch's callback (which Kafka allows, with no wait) aborts
     * every batch not yet sent; the rows stay in the outbox and the next pass sends them again, from the oldest.
     */
    private static Callback stopAfterAFailure(Producer<String, String> sending) {
        return (metadata, exception) -> {
            if (exception != null) {
                sending.close(Duration.ZERO);
            }
        };
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(Duration.ZERO);
            producer = null;
        }
    }
}
