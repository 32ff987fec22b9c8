public import InkUI

/// Everything needed to drive one panel: the model, its wiring and SPI link, keys, rotation and refresh
/// budget. Built-in profiles carry the Waveshare HAT defaults; configuration overrides any field.
public struct PanelProfile: Sendable, Hashable {
    /// Which panel this is.
    public var model: PanelModel
    /// RST, D/C, BUSY and PWR lines (Waveshare HAT defaults).
    public var wiring: PanelWiring
    /// The spidev node and clock.
    public var spi: SPISettings
    /// The board's keys, `nil` when it has none.
    public var keys: PanelKeySettings?
    /// How frames are turned to the native RAM layout.
    public var rotation: PanelRotation
    /// The refresh budget.
    public var refresh: RefreshPolicy.Settings
    /// How long any BUSY wait may take before the refresh fails (30 s, as Pimoroni's driver; 60 s on
    /// three-colour panels, whose full refresh takes 15–26 s at room temperature and longer in the cold).
    public var busyTimeout: Duration
    /// Where to record every SPI transfer and GPIO action (see `hardware/README.md`), or `nil`.
    public var tracePath: String?
    /// The name other processes see on the requested GPIO lines (`gpioinfo`).
    public var consumer: String
    /// A 153-byte differential LUT for register 0x32, enabling partial refresh on the 2.9" V2, whose
    /// OTP lacks one. Ignored by other panels.
    public var hostPartialWaveform: [UInt8]?
    /// Used when `model` is `.simulated`.
    public var simulated: SimulatedPanelSettings

    /// A profile; every argument defaults to the Waveshare HAT set-up.
    public init(
        model: PanelModel, wiring: PanelWiring = PanelWiring(), spi: SPISettings = SPISettings(),
        keys: PanelKeySettings? = nil, rotation: PanelRotation = .none,
        refresh: RefreshPolicy.Settings = RefreshPolicy.Settings(), busyTimeout: Duration = .seconds(30),
        tracePath: String? = nil, consumer: String = "weatherhub", hostPartialWaveform: [UInt8]? = nil,
        simulated: SimulatedPanelSettings = SimulatedPanelSettings()
    ) {
        self.model = model
        self.wiring = wiring
        self.spi = spi
        self.keys = keys
        self.rotation = rotation
        self.refresh = refresh
        self.busyTimeout = busyTimeout
        self.tracePath = tracePath
        self.consumer = consumer
        self.hostPartialWaveform = hostPartialWaveform
        self.simulated = simulated
    }

    /// The length of `hostPartialWaveform`: register 0x32 of the SSD1680.
    public static let hostPartialWaveformLength = 153

    /// Whether the panel needs `hostPartialWaveform` for partial refresh (its OTP has no differential
    /// waveform): the 2.9" V2.
    public var takesHostPartialWaveform: Bool {
        SSD168xPanel.forModel(model)?.partialWaveform == .host
    }

    /// The profile's name in configuration and status ("waveshare-2in13-v4").
    public var name: String { model.rawValue }

    /// The panel's size as its RAM is laid out.
    public var nativeSize: PixelSize {
        SSD168xPanel.forModel(model)?.nativeSize ?? UC8179Panel.forModel(model)?.nativeSize ?? simulated.size
    }

    /// The colours frames must carry: black, white and red on the (B) panels, the configured ones on the
    /// simulated panel, black and white otherwise. The widgets render for it.
    public var capability: ColorCapability {
        SSD168xPanel.forModel(model)?.capability ?? UC8179Panel.forModel(model)?.capability ?? simulated.capability
    }

    /// The size frames must have: the native size, transposed for 90° and 270°.
    public var frameSize: PixelSize { PanelOrientation(nativeSize: nativeSize, rotation: rotation).logicalSize }

    /// The built-in profile for a model: Waveshare HAT wiring, `/dev/spidev0.0` at 4 MHz, rotation 0.
    /// The 2.7" gets its four keys; the simulated panel refreshes as often as every 5 s; three-colour panels
    /// wait up to 60 s for BUSY.
    public static func builtIn(_ model: PanelModel) -> PanelProfile {
        var profile = switch model {
        case .waveshare2in7V2:
            PanelProfile(model: model, keys: .waveshare2in7HAT)
        case .simulated:
            PanelProfile(model: model, refresh: RefreshPolicy.Settings(minimumInterval: .seconds(5)))
        default:
            PanelProfile(model: model)
        }
        if profile.capability == .blackWhiteRed { profile.busyTimeout = .seconds(60) }
        return profile
    }

    /// The built-in profile for a configuration name, `nil` for an unknown name.
    public static func named(_ name: String) -> PanelProfile? {
        PanelModel(rawValue: name).map(builtIn)
    }
}
