package io.hongbao.lab.infrastructure.storage;

import io.hongbao.lab.model.LabPacket;
import java.util.ArrayList;
import java.util.List;

/** A pre-split share as a Redis list item: {@code index:amount}. The Lua scripts parse the same format. */
public record ShareItem(int index, long amount) {

    public static ShareItem parse(String item) {
        int colon = item.indexOf(':');
        return new ShareItem(Integer.parseInt(item.substring(0, colon)), Long.parseLong(item.substring(colon + 1)));
    }

    static String[] itemsOf(LabPacket packet) {
        List<String> items = new ArrayList<>(packet.count());
        for (int index = 0; index < packet.count(); index++) {
            items.add(new ShareItem(index, packet.shares().get(index)).format());
        }
        return items.toArray(String[]::new);
    }

    static long sum(List<String> items) {
        long sum = 0;
        for (String item : items) {
            sum += parse(item).amount();
        }
        return sum;
    }

    String format() {
        return index + ":" + amount;
    }
}
