/// One push button on the panel's board.
public struct PanelKey: Sendable, Hashable, Codable {
    /// The name key presses carry ("KEY1").
    public var name: String
    /// The GPIO line (BCM numbering).
    public var line: UInt32

    /// A key on a line.
    public init(name: String, line: UInt32) {
        self.name = name
        self.line = line
    }
}

/// The board's push buttons: lines, polarity and debounce.
public struct PanelKeySettings: Sendable, Hashable, Codable {
    /// The GPIO chip the keys are on.
    public var chip: String
    /// The keys, in the order their names are given.
    public var keys: [PanelKey]
    /// Pressed = low, with the SoC's pull-up enabled (the 2.7" HAT's keys short the line to ground).
    public var activeLow: Bool
    /// How long a line must stay at one level before a change counts (contact bounce).
    public var debounce: Duration

    /// Keys on `chip`; active low with a 30 ms debounce unless told otherwise.
    public init(chip: String = "/dev/gpiochip0", keys: [PanelKey], activeLow: Bool = true, debounce: Duration = .milliseconds(30)) {
        self.chip = chip
        self.keys = keys
        self.activeLow = activeLow
        self.debounce = debounce
    }

    /// The Waveshare 2.7" HAT: KEY1…KEY4 on GPIO 5, 6, 13, 19 (physical pins 29, 31, 33, 35), active low.
    public static let waveshare2in7HAT = PanelKeySettings(keys: [
        PanelKey(name: "KEY1", line: 5), PanelKey(name: "KEY2", line: 6),
        PanelKey(name: "KEY3", line: 13), PanelKey(name: "KEY4", line: 19),
    ])
}
