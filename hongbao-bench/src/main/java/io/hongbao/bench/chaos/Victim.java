package io.hongbao.bench.chaos;

/** What chaos can do to a process: kill it and start it again, or freeze it and let it go on. */
interface Victim {

    /** SIGKILL; returns once the process is gone. */
    void kill() throws Exception;

    /** Starts it again with its port and data; returns once it answers. */
    void restart() throws Exception;

    /** SIGSTOP. */
    void stall();

    /** SIGCONT. */
    void resume();
}
