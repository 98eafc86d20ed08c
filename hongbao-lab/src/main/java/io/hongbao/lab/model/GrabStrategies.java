package io.hongbao.lab.model;

import java.util.List;

/** The catalogue of strategies the lab can run, each opened fresh for one run. */
public interface GrabStrategies {

    /** Every strategy name, in the order the docs present them. */
    List<String> names();

    /** A new instance of the named strategy, ready for {@link GrabStrategy#prepare}. */
    GrabStrategy open(String name);

    /** Registers a new run in the database and returns its id, the namespace of its packet ids. */
    long newRun(String strategy);
}
