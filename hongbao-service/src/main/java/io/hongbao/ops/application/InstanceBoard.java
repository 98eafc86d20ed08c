package io.hongbao.ops.application;

import java.util.Collection;
import java.util.List;

/** Where every instance posts its latest figures, one entry per instance, shared by the whole deployment. */
public interface InstanceBoard {

    /** Replaces the instance's entry. */
    void publish(InstanceFigures figures);

    /** Every entry, the stale ones too. */
    List<InstanceFigures> all();

    void forget(Collection<String> ids);
}
