package svc.core.cron;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/** A five-field (UNIX) cron expression in a time zone: the slots it names. */
final class CronSchedule {

    private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

    private final ExecutionTime execution;
    private final ZoneId zone;

    private CronSchedule(ExecutionTime execution, ZoneId zone) {
        this.execution = execution;
        this.zone = zone;
    }

    /** Parses, or throws IllegalArgumentException saying what is wrong. */
    static CronSchedule parse(String expression, String timezone) {
        ZoneId zone;
        try {
            zone = ZoneId.of(timezone);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("timezone: unknown zone '" + timezone + "'");
        }
        try {
            return new CronSchedule(
                    ExecutionTime.forCron(PARSER.parse(expression).validate()), zone);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("schedule: not a five-field cron expression: " + e.getMessage());
        }
    }

    /** The slots after {@code after} and at or before {@code upTo}, oldest first, at most {@code cap}. */
    List<Instant> slotsBetween(Instant after, Instant upTo, int cap) {
        List<Instant> slots = new ArrayList<>();
        ZonedDateTime t = after.atZone(zone);
        while (slots.size() < cap) {
            var next = execution.nextExecution(t);
            if (next.isEmpty() || next.get().toInstant().isAfter(upTo)) {
                break;
            }
            slots.add(next.get().toInstant());
            t = next.get();
        }
        return slots;
    }
}
