package io.hongbao.demo;

import java.time.Duration;

/** The demo sign-in as this instance runs it: whether it is on, and how long its tokens are valid. */
public record DemoMode(boolean enabled, Duration tokenValidFor) {}
