package io.hongbao.bench.soak;

/**
 * One sample of {@code bench soak}.
 *
 * @param seconds since the load started
 * @param heapUsedMb the service's heap in use ({@code jvm_memory_used_bytes{area="heap"}}, every pool summed): garbage
 *     not yet collected included; NaN when the scrape failed
 * @param rssMb the service JVM's resident set (VmRSS)
 * @param answersPerSecond answers over the interval since the previous sample
 * @param errors error answers in that interval
 */
public record SoakSample(double seconds, double heapUsedMb, double rssMb, double answersPerSecond, long errors) {}
