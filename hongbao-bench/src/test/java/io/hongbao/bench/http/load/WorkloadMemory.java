package io.hongbao.bench.http.load;

import java.lang.management.ManagementFactory;

/** Bytes the current thread allocates while running something: an upper bound on what that something keeps. */
final class WorkloadMemory {

    private WorkloadMemory() {}

    static long allocatedBy(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        work.run();
        return threads.getThreadAllocatedBytes(thread) - before;
    }
}
