import CHubSystem

/// Reports every discontinuous change of the wall clock (an NTP step at boot, a manual `date -s`), through
/// a kernel timer that is cancelled when the clock is set. Costs one sleeping thread, no polling.
public enum WallClockChanges {
    /// A stream with an element after each change; stop iterating to release the timer.
    public static func stream() throws -> AsyncStream<Void> {
        let fd = chubsystem_clock_change_open()
        guard fd >= 0 else { throw SystemError.current("watch the wall clock") }
        return try DescriptorWatch.stream(of: fd, name: "clock watch") { fd in
            chubsystem_clock_change_consume(fd) == 1
        }
    }
}
