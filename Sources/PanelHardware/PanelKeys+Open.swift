public import EPaper
public import Logging

extension PanelKeys {
    /// Requests the key lines as inputs with pull-ups (pull-downs when the keys are active high) and
    /// edge events on both edges.
    /// - Throws: `PanelHardwareError` saying how to fix the chip, permissions or a line in use.
    public static func open(settings: PanelKeySettings, consumer: String = "weatherhub", logger: Logger) throws -> PanelKeys {
        let lines = try GPIOLines.inputs(
            chip: settings.chip, lines: settings.keys.map(\.line), bias: settings.activeLow ? .pullUp : .pullDown,
            consumer: consumer)
        return PanelKeys(settings: settings, lines: lines, clock: SystemBlockingClock(), logger: logger)
    }
}

extension GPIOLines: KeyLines {}
