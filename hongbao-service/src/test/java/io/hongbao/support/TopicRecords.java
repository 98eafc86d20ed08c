package io.hongbao.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Every record of a topic as a consumer sees it, in each partition's order: read from the beginning to the end each
 * partition had when asked, with no consumer group (nothing committed, nothing shared between tests).
 */
public final class TopicRecords {

    /** One record: its partition and offset, its key and value. */
    public record Seen(int partition, long offset, String key, String value) {}

    private TopicRecords() {}

    public static List<Seen> all(String bootstrapServers, String topic) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(30));
            List<TopicPartition> partitions = new ArrayList<>();
            infos.forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            List<Seen> seen = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!reached(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the topic " + topic + " was not read to its end in 2 minutes");
                }
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    seen.add(new Seen(record.partition(), record.offset(), record.key(), record.value()));
                }
            }
            return seen;
        }
    }

    private static boolean reached(KafkaConsumer<String, String> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
            if (consumer.position(partition.getKey()) < partition.getValue()) {
                return false;
            }
        }
        return true;
    }
}
